using Cqrs;
using FluentValidation;

namespace Sample.Domain.Accounts;

// An account's commands carry its id as their ordering key: with sessions (the Bicep's default, and the local
// topology's) one account's commands are handled one at a time, in the order sent, by whichever instance holds its
// session, so instances never race on one account. Its events are keyed by its stream without saying so.
[WireName("sample.v1.open-account")]
[PublicCommand]
public sealed record OpenAccount([property: Key(0), OrderingKey] string AccountId, [property: Key(1)] string Owner) : ICommand;

[WireName("sample.v1.deposit")]
[PublicCommand]
public sealed record Deposit([property: Key(0), OrderingKey] string AccountId, [property: Key(1)] decimal Amount) : ICommand;

[WireName("sample.v1.withdraw")]
[PublicCommand]
public sealed record Withdraw([property: Key(0), OrderingKey] string AccountId, [property: Key(1)] decimal Amount) : ICommand;

[WireName("sample.v1.account-opened")]
public sealed record AccountOpened([property: Key(0)] string AccountId, [property: Key(1)] string Owner) : IEvent;

[WireName("sample.v1.money-deposited")]
public sealed record MoneyDeposited([property: Key(0)] string AccountId, [property: Key(1)] decimal Amount) : IEvent;

[WireName("sample.v1.money-withdrawn")]
public sealed record MoneyWithdrawn([property: Key(0)] string AccountId, [property: Key(1)] decimal Amount) : IEvent;

public sealed class OpenAccountValidator : AbstractValidator<OpenAccount>
{
    public OpenAccountValidator()
    {
        RuleFor(command => command.AccountId).NotEmpty().MaximumLength(64);
        RuleFor(command => command.Owner).NotEmpty().MaximumLength(200);
    }
}

public sealed class DepositValidator : AbstractValidator<Deposit>
{
    public DepositValidator() => RuleFor(command => command.Amount).GreaterThan(0);
}

public sealed class WithdrawValidator : AbstractValidator<Withdraw>
{
    public WithdrawValidator() => RuleFor(command => command.Amount).GreaterThan(0);
}

/// <summary>Every deposit recorded is positive, whoever appends it.</summary>
public sealed class MoneyDepositedValidator : AbstractValidator<MoneyDeposited>
{
    public MoneyDepositedValidator() => RuleFor(@event => @event.Amount).GreaterThan(0);
}

/// <summary>Every withdrawal recorded is positive, whoever appends it.</summary>
public sealed class MoneyWithdrawnValidator : AbstractValidator<MoneyWithdrawn>
{
    public MoneyWithdrawnValidator() => RuleFor(@event => @event.Amount).GreaterThan(0);
}
