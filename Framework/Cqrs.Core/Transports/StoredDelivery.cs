using System.Diagnostics;

namespace Cqrs.Transports;

/// <summary>
/// The delivery of an event published from an event store's outbox (or of another stored message, such as what a saga
/// decided): its place in its stream, when to deliver it and the trace it links to if it is delivered later, and how
/// many of its copies (the message, then each retry copy) are not yet settled. The outbox marks the event published once
/// <see cref="Delivered"/> says every copy was: handled or dead-lettered in this process, or accepted by a broker.
/// A copy that cannot be delivered (the transport stopped, the caller cancelled) leaves the event in the outbox
/// for a later publication. Thread-safe.
/// </summary>
/// <param name="position">The event's stream and version.</param>
public sealed class StoredDelivery(StreamPosition position)
{
    private readonly TaskCompletionSource<bool> _delivered = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private int _pending = 1;

    /// <summary>The event's stream and version.</summary>
    public StreamPosition Position => position;

    /// <summary>
    /// When to deliver the message, for one stored to be delivered later (a saga timeout); null to deliver it at once.
    /// Only a transport that <see cref="ITransport.SchedulesDurably"/> is handed one: publishing it through another fails.
    /// </summary>
    public DateTimeOffset? DeliverAt { get; init; }

    /// <summary>
    /// The trace of the work that stored the message, for one handled long after (a saga timeout): the spans of its
    /// handling link to it. Default when none.
    /// </summary>
    public ActivityContext LinkedTrace { get; init; }

    /// <summary>
    /// The key the message is ordered by when its type names none (<see cref="OrderingKeyAttribute"/>): an event store
    /// gives an aggregate's events their stream id, so each aggregate's events are handled in order. Null for none.
    /// </summary>
    public string? OrderingKey { get; init; }

    /// <summary>True once every copy is settled; false as soon as one is kept back undelivered.</summary>
    public Task<bool> Delivered => _delivered.Task;

    /// <summary>A copy (a delayed retry, a redelivery aimed at one handler) is on its way; called before the copy it comes from settles.</summary>
    internal void CopyAdded() => Interlocked.Increment(ref _pending);

    /// <summary>A copy was handled, dead-lettered, or taken by a durable broker.</summary>
    internal void CopySettled()
    {
        if (Interlocked.Decrement(ref _pending) == 0)
        {
            _delivered.TrySetResult(true);
        }
    }

    /// <summary>A copy could not be delivered: the event stays in the outbox.</summary>
    internal void CopyKept() => _delivered.TrySetResult(false);
}
