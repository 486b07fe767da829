namespace Cqrs.ServiceBus.LocalBroker.Topology;

/// <summary>
/// The settings a queue and a subscription share: how long a lock lasts, how often a message may be delivered,
/// how long it lives and how many bytes the entity may hold. Defaults are those of the Azure Service Bus Standard tier.
/// </summary>
/// <remarks>Not thread-safe: set the values before the broker starts.</remarks>
public abstract class EntityOptions
{
    /// <summary>The entity's name (a queue's path, or a subscription's name within its topic).</summary>
    public string Name { get; set; } = "";

    /// <summary>How long a peek-locked message stays locked before it becomes available again (default 60 s).</summary>
    public TimeSpan LockDuration { get; set; } = TimeSpan.FromSeconds(60);

    /// <summary>Deliveries after which a message is dead-lettered with the reason <c>MaxDeliveryCountExceeded</c> (default 10).</summary>
    public int MaxDeliveryCount { get; set; } = 10;

    /// <summary>A message's time to live when its sender sets none (default: no expiry).</summary>
    public TimeSpan DefaultMessageTimeToLive { get; set; } = TimeSpan.MaxValue;

    /// <summary>Whether an expired message moves to the dead-letter queue (reason <c>TTLExpiredException</c>) instead of being dropped.</summary>
    public bool DeadLetteringOnMessageExpiration { get; set; }

    /// <summary>
    /// Bytes the entity holds at most, its dead-letter queue included (default 1 GiB); a send past it is refused with
    /// the service's QuotaExceeded error.
    /// </summary>
    public long MaxSizeInBytes { get; set; } = 1L << 30;

    /// <summary>
    /// Whether the entity is received from by session (default off): every message sent to it must carry a SessionId,
    /// and a receiver locks one session and gets that session's messages in order. Only session receivers may attach.
    /// </summary>
    public bool RequiresSession { get; set; }

    /// <summary>Throws <see cref="ArgumentException"/> when a value is out of range.</summary>
    internal void Validate()
    {
        if (string.IsNullOrWhiteSpace(Name))
        {
            throw new ArgumentException("An entity needs a name.");
        }

        if (LockDuration <= TimeSpan.Zero || MaxDeliveryCount < 1 || DefaultMessageTimeToLive <= TimeSpan.Zero || MaxSizeInBytes < 1)
        {
            throw new ArgumentException($"Entity '{Name}': lock duration, max delivery count, time to live and max size must be positive.");
        }
    }
}
