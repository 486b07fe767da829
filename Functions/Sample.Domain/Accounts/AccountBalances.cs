using System.Collections.Concurrent;
using Cqrs;
using Cqrs.EventSourcing;

namespace Sample.Domain.Accounts;

/// <summary>The read model: each account's owner and balance.</summary>
public sealed class AccountBalances
{
    private readonly ConcurrentDictionary<string, (string Owner, decimal Balance)> _accounts = new(StringComparer.Ordinal);

    public (string Owner, decimal Balance)? Find(string accountId) => _accounts.TryGetValue(accountId, out var account) ? account : null;

    public int Count => _accounts.Count;

    internal void Set(string accountId, string owner, decimal balance) => _accounts[accountId] = (owner, balance);

    internal void Add(string accountId, decimal amount) =>
        _accounts.AddOrUpdate(accountId, _ => (string.Empty, amount), (_, account) => account with { Balance = account.Balance + amount });

    internal void Clear() => _accounts.Clear();
}

/// <summary>Keeps <see cref="AccountBalances"/> up to date from the accounts' events, once each and in order.</summary>
public sealed class AccountBalancesProjection(AccountBalances balances, ProjectionRunner runner)
    : IProjection, IEventHandler<AccountOpened>, IEventHandler<MoneyDeposited>, IEventHandler<MoneyWithdrawn>
{
    public string Name => "sample.account-balances";

    public ValueTask HandleAsync(AccountOpened @event, IMessageContext context, CancellationToken cancellationToken) =>
        runner.ProjectAsync(this, @event, context, cancellationToken);

    public ValueTask HandleAsync(MoneyDeposited @event, IMessageContext context, CancellationToken cancellationToken) =>
        runner.ProjectAsync(this, @event, context, cancellationToken);

    public ValueTask HandleAsync(MoneyWithdrawn @event, IMessageContext context, CancellationToken cancellationToken) =>
        runner.ProjectAsync(this, @event, context, cancellationToken);

    public ValueTask ApplyAsync(IEvent @event, StreamPosition position, CancellationToken cancellationToken)
    {
        switch (@event)
        {
            case AccountOpened opened:
                balances.Set(opened.AccountId, opened.Owner, 0m);
                break;
            case MoneyDeposited deposited:
                balances.Add(deposited.AccountId, deposited.Amount);
                break;
            case MoneyWithdrawn withdrawn:
                balances.Add(withdrawn.AccountId, -withdrawn.Amount);
                break;
        }

        return ValueTask.CompletedTask;
    }

    public ValueTask ResetAsync(CancellationToken cancellationToken)
    {
        balances.Clear();
        return ValueTask.CompletedTask;
    }
}
