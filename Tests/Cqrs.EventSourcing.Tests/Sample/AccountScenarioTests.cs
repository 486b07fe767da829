using Cqrs.EventSourcing.Testing;
using FluentValidation;
using Microsoft.Extensions.DependencyInjection;
using Sample.Domain;
using Sample.Domain.Accounts;

namespace Cqrs.EventSourcing.Tests.Sample;

/// <summary>The sample account's rules, given/when/then.</summary>
public sealed class AccountScenarioTests
{
    [Fact]
    public Task OpenAccount_NewAccount_OpensIt() =>
        Scenario().When(new OpenAccount("acc-1", "Ada"), id: "acc-1").ThenAsync(new AccountOpened("acc-1", "Ada"));

    [Fact]
    public Task OpenAccount_AlreadyOpen_IsRefused() =>
        Scenario().Given("acc-1", new AccountOpened("acc-1", "Ada")).When(new OpenAccount("acc-1", "Bob")).ThenThrowsAsync<AccountRuleException>();

    [Fact]
    public Task Deposit_OpenAccount_AddsMoney() =>
        Scenario().Given("acc-1", new AccountOpened("acc-1", "Ada")).When(new Deposit("acc-1", 50m)).ThenAsync(new MoneyDeposited("acc-1", 50m));

    [Fact]
    public async Task Deposit_OfNothingHandedStraightToTheHandler_IsRefusedByTheEventsValidator()
    {
        // The scenario calls the handler directly, past the command's validator: the event's validator refuses it at append.
        var refused = await Scenario().Given("acc-1", new AccountOpened("acc-1", "Ada")).When(new Deposit("acc-1", 0m)).ThenThrowsAsync<ValidationException>();

        Assert.Equal("Amount", Assert.Single(refused.Errors).PropertyName);
        Assert.Contains("sample.v1.money-deposited", refused.Message, StringComparison.Ordinal);
    }

    [Fact]
    public Task Deposit_ToAnAccountNeverOpened_IsRefused() =>
        Scenario().When(new Deposit("acc-9", 50m), id: "acc-9").ThenThrowsAsync<AccountRuleException>();

    [Fact]
    public Task Withdraw_WithinTheBalance_TakesMoney() =>
        Scenario()
            .Given("acc-1", new AccountOpened("acc-1", "Ada"), new MoneyDeposited("acc-1", 80m))
            .When(new Withdraw("acc-1", 30m))
            .ThenAsync(new MoneyWithdrawn("acc-1", 30m));

    [Fact]
    public async Task Withdraw_BeyondTheBalance_IsRefusedSayingWhy()
    {
        var refused = await Scenario()
            .Given("acc-1", new AccountOpened("acc-1", "Ada"), new MoneyDeposited("acc-1", 80m), new MoneyWithdrawn("acc-1", 60m))
            .When(new Withdraw("acc-1", 30m))
            .ThenThrowsAsync<AccountRuleException>();

        Assert.Contains("holds 20", refused.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Scenario_OtherEventsAppended_Fails()
    {
        var failure = await Assert.ThrowsAsync<ScenarioFailedException>(() => Scenario()
            .Given("acc-1", new AccountOpened("acc-1", "Ada"))
            .When(new Deposit("acc-1", 50m))
            .ThenAsync(new MoneyDeposited("acc-1", 49m)));

        Assert.Contains("49", failure.Message, StringComparison.Ordinal);
        Assert.Contains("50", failure.Message, StringComparison.Ordinal);
    }

    private static AggregateScenario<Account> Scenario() =>
        new(services => services.AddSampleDomain().UseInMemoryStore());
}
