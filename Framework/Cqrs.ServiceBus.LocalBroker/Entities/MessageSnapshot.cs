namespace Cqrs.ServiceBus.LocalBroker.Entities;

/// <summary>
/// What one delivery (or peek) of a message carries, copied under the entity's lock so that it can be encoded
/// and sent after the lock is released.
/// </summary>
internal sealed record MessageSnapshot(
    MessageContent Content,
    long SequenceNumber,
    DateTime EnqueuedTime,
    int DeliveryCount,
    MessageState State,
    Guid? LockToken,
    DateTime LockedUntil,
    DateTime? ScheduledEnqueueTime,
    string? DeadLetterSource)
{
    public static MessageSnapshot Of(BrokerMessage message, bool withLock) => new(
        message.Content,
        message.SequenceNumber,
        message.EnqueuedTime,
        message.DeliveryCount,
        message.State == MessageState.Locked ? message.UnlockedState : message.State,
        withLock ? message.LockToken : null,
        message.LockedUntil,
        message.ScheduledEnqueueTime,
        message.DeadLetterSource);
}
