namespace Cqrs.ServiceBus.LocalBroker.Entities;

/// <summary>
/// Hands out sequence numbers for one send target. A topic's subscriptions share the topic's counter, so a copy keeps
/// the number the topic gave it, as in the service.
/// </summary>
internal sealed class SequenceCounter
{
    private long last;

    public long Next() => Interlocked.Increment(ref last);
}
