using System.Collections.Concurrent;

namespace Cqrs.EventSourcing.Tests.Support;

/// <summary>A command whose handler publishes <see cref="RefundGranted"/> and only then fails, on its first <see cref="Failures"/> attempts.</summary>
[WireName("tests.v1.grant-refund")]
public sealed record GrantRefund([property: Key(0)] Guid RefundId, [property: Key(1)] int Failures) : ICommand;

[WireName("tests.v1.refund-granted")]
public sealed record RefundGranted([property: Key(0)] Guid RefundId) : IEvent;

/// <summary>What the refund handlers did: attempts at each grant, calls to pay each refund, and payments made.</summary>
public sealed class Refunds
{
    private readonly ConcurrentDictionary<Guid, int> _grantAttempts = new();
    private readonly ConcurrentQueue<Guid> _payCalls = new();
    private readonly ConcurrentQueue<Guid> _payments = new();

    /// <summary>The message id of each call to pay, in order.</summary>
    public IReadOnlyList<Guid> PayCalls => [.. _payCalls];

    /// <summary>The refund of each payment made, in order.</summary>
    public IReadOnlyList<Guid> Payments => [.. _payments];

    internal int AttemptGrant(Guid refundId) => _grantAttempts.AddOrUpdate(refundId, 1, (_, attempts) => attempts + 1);

    internal void CalledToPay(Guid messageId) => _payCalls.Enqueue(messageId);

    internal void Paid(Guid refundId) => _payments.Enqueue(refundId);

    /// <summary>Waits until <paramref name="count"/> calls to pay arrived, or fails past <see cref="Patience.Timeout"/>.</summary>
    public Task WaitForPayCallsAsync(int count) =>
        Patience.WaitUntilAsync(() => Task.FromResult(_payCalls.Count >= count), () => $"Only {_payCalls.Count} of {count} calls to pay arrived.");
}

public sealed class GrantRefundHandler(Refunds refunds) : ICommandHandler<GrantRefund>
{
    public async ValueTask HandleAsync(GrantRefund command, IMessageContext context, CancellationToken cancellationToken)
    {
        var attempt = refunds.AttemptGrant(command.RefundId);
        await context.PublishAsync(new RefundGranted(command.RefundId), cancellationToken);
        if (attempt <= command.Failures)
        {
            throw new InvalidOperationException($"Attempt {attempt} at granting refund {command.RefundId} failed on purpose, after publishing.");
        }
    }
}

/// <summary>Pays a granted refund once per message id, through the inbox.</summary>
public sealed class PayRefund(Inbox inbox, Refunds refunds) : IEventHandler<RefundGranted>
{
    public async ValueTask HandleAsync(RefundGranted @event, IMessageContext context, CancellationToken cancellationToken)
    {
        refunds.CalledToPay(context.MessageId);
        await inbox.HandleOnceAsync(
            this,
            context,
            _ =>
            {
                refunds.Paid(@event.RefundId);
                return ValueTask.CompletedTask;
            },
            cancellationToken);
    }
}
