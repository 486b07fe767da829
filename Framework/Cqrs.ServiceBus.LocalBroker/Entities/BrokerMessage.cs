namespace Cqrs.ServiceBus.LocalBroker.Entities;

/// <summary>
/// A message as one entity holds it: the sections its sender wrote (kept as sent) and the broker's own state. One
/// instance per entity: a topic gives each matching subscription its own copy. Guarded by its entity's lock.
/// </summary>
internal sealed class BrokerMessage
{
    public required MessageContent Content { get; set; }

    public required long SequenceNumber { get; init; }

    public required DateTime EnqueuedTime { get; init; }

    /// <summary>UTC time after which the message expires, or <see cref="DateTime.MaxValue"/>.</summary>
    public required DateTime ExpiresAt { get; init; }

    public DateTime? ScheduledEnqueueTime { get; init; }

    /// <summary>Deliveries before this one (the AMQP header's delivery-count; the client shows it plus one).</summary>
    public int DeliveryCount { get; set; }

    public MessageState State { get; set; }

    /// <summary>The state the message returns to when its lock ends without a settlement (Available, or Deferred).</summary>
    public MessageState UnlockedState { get; set; }

    public Guid LockToken { get; set; }

    public DateTime LockedUntil { get; set; }

    /// <summary>The entity the message was dead-lettered from, or <see langword="null"/>.</summary>
    public string? DeadLetterSource { get; init; }

    public int Size => Content.Size;

    public BrokerMessage CopyFor(MessageContent content, string? deadLetterSource) => new()
    {
        Content = content,
        SequenceNumber = SequenceNumber,
        EnqueuedTime = EnqueuedTime,
        ExpiresAt = DateTime.MaxValue,
        DeliveryCount = DeliveryCount,
        DeadLetterSource = deadLetterSource,
    };

    public static BrokerMessage Create(MessageContent content, long sequenceNumber, DateTime now, TimeSpan defaultTimeToLive)
    {
        var ttl = content.TimeToLive ?? defaultTimeToLive;
        var scheduled = content.ScheduledEnqueueTime is { } at && at > now ? at : (DateTime?)null;
        var visibleFrom = scheduled ?? now;
        return new BrokerMessage
        {
            Content = content,
            SequenceNumber = sequenceNumber,
            EnqueuedTime = now,
            ScheduledEnqueueTime = scheduled,
            ExpiresAt = ttl >= DateTime.MaxValue - visibleFrom ? DateTime.MaxValue : visibleFrom + ttl,
            State = scheduled is null ? MessageState.Available : MessageState.Scheduled,
        };
    }
}
