using Cqrs;
using Cqrs.EventSourcing;

namespace Sample.Domain.Accounts;

/// <summary>A bank account: the sample aggregate. Its state is a fold of its events; its rules live in <see cref="Decide"/>.</summary>
[WireName("sample.v1.account")]
public sealed record Account([property: Key(0)] string Owner, [property: Key(1)] decimal Balance, [property: Key(2)] bool IsOpen) : IAggregate<Account>
{
    public static Account Initial { get; } = new(string.Empty, 0m, false);

    public Account Apply(IEvent @event) => @event switch
    {
        AccountOpened opened => this with { Owner = opened.Owner, IsOpen = true },
        MoneyDeposited deposited => this with { Balance = Balance + deposited.Amount },
        MoneyWithdrawn withdrawn => this with { Balance = Balance - withdrawn.Amount },
        _ => this,
    };

    public IEnumerable<IEvent> Decide(OpenAccount command) =>
        IsOpen ? throw new AccountRuleException($"Account {command.AccountId} is already open.") : [new AccountOpened(command.AccountId, command.Owner)];

    public IEnumerable<IEvent> Decide(Deposit command) =>
        IsOpen ? [new MoneyDeposited(command.AccountId, command.Amount)] : throw NotOpen(command.AccountId);

    public IEnumerable<IEvent> Decide(Withdraw command)
    {
        if (!IsOpen)
        {
            throw NotOpen(command.AccountId);
        }

        return command.Amount <= Balance
            ? [new MoneyWithdrawn(command.AccountId, command.Amount)]
            : throw new AccountRuleException($"Account {command.AccountId} holds {Balance}, less than the {command.Amount} asked.");
    }

    private static AccountRuleException NotOpen(string accountId) => new($"Account {accountId} is not open.");
}

/// <summary>A command that the account's rules refuse.</summary>
public sealed class AccountRuleException(string message) : InvalidOperationException(message);
