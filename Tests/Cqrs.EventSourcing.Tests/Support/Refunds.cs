using System.Collections.Concurrent;

namespace Cqrs.EventSourcing.Tests.Support;

/// <summary>A command whose handler publishes <see cref="RefundGranted"/> and only then fails, on its first <see cref="Failures"/> attempts.</summary>
[WireName("tests.v1.grant-refund")]
public sealed record GrantRefund([property: Key(0)] Guid RefundId, [property: Key(1)] int Failures) : ICommand;

[WireName("tests.v1.refund-granted")]
public sealed record RefundGranted([property: Key(0)] Guid RefundId) : IEvent;

/// <summary>A command whose handler pays a refund through the inbox; its first call waits for <see cref="Refunds.ReleaseFirstCall"/>, then fails.</summary>
[WireName("tests.v1.pay-refund-now")]
public sealed record PayRefundNow([property: Key(0)] Guid RefundId) : ICommand;

/// <summary>What the refund handlers did: attempts at each grant, calls to pay each refund, and payments made.</summary>
public sealed class Refunds
{
    private readonly ConcurrentDictionary<Guid, int> _grantAttempts = new();
    private readonly ConcurrentQueue<Guid> _payCalls = new();
    private readonly ConcurrentQueue<Guid> _payments = new();
    private readonly TaskCompletionSource _firstCallReleased = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private int _calls;

    /// <summary>The message id of each call to pay, in order.</summary>
    public IReadOnlyList<Guid> PayCalls => [.. _payCalls];

    /// <summary>The refund of each payment made, in order.</summary>
    public IReadOnlyList<Guid> Payments => [.. _payments];

    internal int AttemptGrant(Guid refundId) => _grantAttempts.AddOrUpdate(refundId, 1, (_, attempts) => attempts + 1);

    /// <summary>Completes once <see cref="ReleaseFirstCall"/> is called.</summary>
    internal Task FirstCallReleased => _firstCallReleased.Task;

    public void ReleaseFirstCall() => _firstCallReleased.TrySetResult();

    /// <summary>Records a call to pay; returns how many there have been, this one included.</summary>
    internal int CalledToPay(Guid messageId)
    {
        _payCalls.Enqueue(messageId);
        return Interlocked.Increment(ref _calls);
    }

    /// <summary>Pays a refund (records the payment).</summary>
    internal ValueTask PayAsync(Guid refundId)
    {
        _payments.Enqueue(refundId);
        return ValueTask.CompletedTask;
    }

    /// <summary>Waits until <paramref name="count"/> calls to pay arrived, or fails past <see cref="Patience.Timeout"/>.</summary>
    public Task WaitForPayCallsAsync(int count) =>
        Patience.WaitUntilAsync(() => Task.FromResult(_payCalls.Count >= count), () => $"Only {_payCalls.Count} of {count} calls to pay arrived.");

    /// <summary>Waits until <paramref name="count"/> payments were made, or fails past <see cref="Patience.Timeout"/>.</summary>
    public Task WaitForPaymentsAsync(int count) =>
        Patience.WaitUntilAsync(() => Task.FromResult(_payments.Count >= count), () => $"Only {_payments.Count} of {count} payments were made.");
}

public sealed class GrantRefundHandler(Refunds refunds) : ICommandHandler<GrantRefund>
{
    public ValueTask HandleAsync(GrantRefund command, IMessageContext context, CancellationToken cancellationToken) =>
        PublishThenFail.RunAsync(
            context, new RefundGranted(command.RefundId), refunds.AttemptGrant(command.RefundId), command.Failures, $"granting refund {command.RefundId}", cancellationToken);
}

/// <summary>Pays a refund once per message id, through the inbox, except on its first call, which waits to be released and fails.</summary>
public sealed class PayRefundNowHandler(Inbox inbox, Refunds refunds) : ICommandHandler<PayRefundNow>
{
    public async ValueTask HandleAsync(PayRefundNow command, IMessageContext context, CancellationToken cancellationToken)
    {
        if (refunds.CalledToPay(context.MessageId) == 1)
        {
            await refunds.FirstCallReleased;
            throw new InvalidOperationException($"The first call to pay refund {command.RefundId} failed on purpose.");
        }

        await inbox.HandleOnceAsync(this, context, _ => refunds.PayAsync(command.RefundId), cancellationToken);
    }
}

/// <summary>Pays a granted refund once per message id, through the inbox.</summary>
public sealed class PayRefund(Inbox inbox, Refunds refunds) : IEventHandler<RefundGranted>
{
    public async ValueTask HandleAsync(RefundGranted @event, IMessageContext context, CancellationToken cancellationToken)
    {
        refunds.CalledToPay(context.MessageId);
        await inbox.HandleOnceAsync(this, context, _ => refunds.PayAsync(@event.RefundId), cancellationToken);
    }
}
