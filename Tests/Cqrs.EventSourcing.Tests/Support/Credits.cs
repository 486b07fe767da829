namespace Cqrs.EventSourcing.Tests.Support;

/// <summary>A command whose handler publishes <see cref="CreditGranted"/> and only then fails, on its first <see cref="Failures"/> attempts.</summary>
[WireName("tests.v1.grant-credit")]
public sealed record GrantCredit([property: Key(0)] Guid CreditId, [property: Key(1)] int Failures) : ICommand;

[WireName("tests.v1.credit-granted")]
public sealed record CreditGranted([property: Key(0)] Guid CreditId) : IEvent;

/// <summary>What the credit handlers did: attempts at each grant, calls to apply a credit, and credits applied. Thread-safe.</summary>
public sealed class Credits
{
    private readonly Dictionary<Guid, int> _grantAttempts = [];
    private int _applyCalls;
    private int _applied;

    public int ApplyCalls => Volatile.Read(ref _applyCalls);

    public int Applied => Volatile.Read(ref _applied);

    internal int AttemptGrant(Guid creditId)
    {
        lock (_grantAttempts)
        {
            return _grantAttempts[creditId] = _grantAttempts.GetValueOrDefault(creditId) + 1;
        }
    }

    internal void CalledToApply() => Interlocked.Increment(ref _applyCalls);

    internal ValueTask ApplyAsync()
    {
        Interlocked.Increment(ref _applied);
        return ValueTask.CompletedTask;
    }
}

public sealed class GrantCreditHandler(Credits credits) : ICommandHandler<GrantCredit>
{
    public ValueTask HandleAsync(GrantCredit command, IMessageContext context, CancellationToken cancellationToken) =>
        PublishThenFail.RunAsync(
            context, new CreditGranted(command.CreditId), credits.AttemptGrant(command.CreditId), command.Failures, $"granting credit {command.CreditId}", cancellationToken);
}

/// <summary>Applies a credit once per message id, through the inbox; unlike <see cref="PayRefund"/>, it never reads the id itself.</summary>
public sealed class ApplyCredit(Inbox inbox, Credits credits) : IEventHandler<CreditGranted>
{
    public async ValueTask HandleAsync(CreditGranted @event, IMessageContext context, CancellationToken cancellationToken)
    {
        credits.CalledToApply();
        await inbox.HandleOnceAsync(this, context, _ => credits.ApplyAsync(), cancellationToken);
    }
}
