namespace Cqrs.EventSourcing.Tests.Sagas;

/// <summary>
/// A saga correlated by declared mappings alone: none of its messages marks its id. <see cref="MoneyMoved"/> marks
/// the transfer's id, by which <see cref="Transfer"/> correlates it; the ledger correlates the same message by its account.
/// </summary>
[WireName("tests.ledger")]
[SagaCorrelation(typeof(AccountOpened), nameof(AccountOpened.AccountId))]
[SagaCorrelation(typeof(MoneyMoved), nameof(MoneyMoved.AccountId))]
[SagaCorrelation(typeof(CloseAccount), nameof(CloseAccount.AccountId))]
public sealed record Ledger([property: Key(0)] int Balance)
    : ISagaStartedBy<Ledger, AccountOpened>, ISagaHandles<Ledger, MoneyMoved>, ISagaHandles<Ledger, CloseAccount>
{
    public static Ledger Initial { get; } = new(0);

    public Ledger Handle(AccountOpened message, SagaContext context) => this;

    public Ledger Handle(MoneyMoved message, SagaContext context) => this with { Balance = Balance + message.Amount };

    public Ledger Handle(CloseAccount message, SagaContext context)
    {
        context.Complete();
        return this;
    }
}

/// <summary>One transfer, correlated by the <see cref="SagaIdAttribute"/> of the message that starts and completes it.</summary>
[WireName("tests.transfer")]
public sealed record Transfer([property: Key(0)] int Amount) : ISagaStartedBy<Transfer, MoneyMoved>
{
    public static Transfer Initial { get; } = new(0);

    public Transfer Handle(MoneyMoved message, SagaContext context)
    {
        context.Complete();
        return this with { Amount = message.Amount };
    }
}

[WireName("tests.account-opened")]
public sealed record AccountOpened([property: Key(0)] string AccountId) : IEvent;

[WireName("tests.money-moved")]
public sealed record MoneyMoved([property: Key(0), SagaId] string TransferId, [property: Key(1)] string AccountId, [property: Key(2)] int Amount) : IEvent;

[WireName("tests.close-account")]
public sealed record CloseAccount([property: Key(0)] string AccountId) : ICommand;
