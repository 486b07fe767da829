namespace Cqrs.EventSourcing;

/// <summary>
/// Where sagas and their timeouts are kept: one record per saga, replaced only by a save that expects its current
/// version, so that of two messages for one saga handled at once, one wins and the other is handled again on its
/// state. The in-memory, SQLite and Azure Table stores implement it. Thread-safe.
/// </summary>
public interface ISagaStore
{
    /// <summary>The saga's record, or null when it was never saved.</summary>
    Task<SagaRecord?> LoadSagaAsync(string sagaType, string sagaId, CancellationToken cancellationToken = default);

    /// <summary>
    /// In one transaction: saves <paramref name="record"/> if the saga is at <paramref name="expectedVersion"/> (0: it
    /// does not exist yet), and stores <paramref name="timeouts"/>. All or nothing.
    /// </summary>
    /// <exception cref="ConcurrencyException">The saga is at another version; nothing was saved.</exception>
    Task SaveSagaAsync(SagaRecord record, long expectedVersion, IReadOnlyList<SagaTimeoutRecord> timeouts, CancellationToken cancellationToken = default);

    /// <summary>Up to <paramref name="maxCount"/> timeouts due at or before <paramref name="dueBy"/>, earliest first.</summary>
    Task<IReadOnlyList<SagaTimeoutRecord>> ReadDueTimeoutsAsync(DateTimeOffset dueBy, int maxCount, CancellationToken cancellationToken = default);

    /// <summary>When the earliest timeout due after <paramref name="after"/> is due; null when there is none.</summary>
    Task<DateTimeOffset?> NextTimeoutAfterAsync(DateTimeOffset after, CancellationToken cancellationToken = default);

    /// <summary>Removes a timeout once it is delivered; removing one that is gone is harmless.</summary>
    Task DeleteTimeoutAsync(Guid timeoutId, CancellationToken cancellationToken = default);

    /// <summary>
    /// Up to <paramref name="maxCount"/> sagas last saved with <see cref="SagaRecord.HasPending"/>: those holding
    /// messages that were decided but not known to be delivered, for a process to publish after a crash. In no set order.
    /// Fewer when some were forgotten while being read, but none only when none is pending: the saga outbox's sweep stops
    /// at an empty read.
    /// </summary>
    Task<IReadOnlyList<SagaRecord>> ReadSagasWithPendingAsync(int maxCount, CancellationToken cancellationToken = default);

    /// <summary>
    /// Deletes up to <paramref name="maxCount"/> sagas that completed before <paramref name="completedBefore"/> (by
    /// <see cref="SagaRecord.CompletedAt"/>), with their timeouts, oldest first, and returns how many it deleted: fewer
    /// than <paramref name="maxCount"/> once no more are that old. A completed saga still holding messages not known to
    /// be delivered (<see cref="SagaRecord.HasPending"/>) is kept until they are. The host calls it in batches with
    /// <see cref="SagaOptions.CompletedRetention"/>; a saga deleted is as one never saved: a starting message for it
    /// starts it anew.
    /// </summary>
    Task<int> PurgeCompletedSagasAsync(DateTimeOffset completedBefore, int maxCount, CancellationToken cancellationToken = default);
}

/// <summary>A saga as stored.</summary>
/// <param name="SagaType">The saga type's wire name.</param>
/// <param name="SagaId">The saga's id.</param>
/// <param name="Version">1 for the first save, one more for each save after it.</param>
/// <param name="Data">The state, the ids of the latest messages handled and the messages not yet delivered, as the saga runtime writes them.</param>
/// <param name="Completed">True once the saga completed.</param>
/// <param name="HasPending">True while its data holds messages decided but not known to be delivered: the store finds such sagas for <see cref="ISagaStore.ReadSagasWithPendingAsync"/>.</param>
public sealed record SagaRecord(string SagaType, string SagaId, long Version, ReadOnlyMemory<byte> Data, bool Completed, bool HasPending)
{
    /// <summary>
    /// When the saga completed; null while it runs. Stores keep it with the record, and stamp a completed record
    /// saved without it with the completion time already stored, or else the time of the save, so that
    /// <see cref="ISagaStore.PurgeCompletedSagasAsync"/> can tell every completed saga's age.
    /// </summary>
    public DateTimeOffset? CompletedAt { get; init; }
}

/// <summary>A timeout waiting to be delivered to its saga.</summary>
/// <param name="TimeoutId">Its id: the message id it is delivered under.</param>
/// <param name="SagaType">The saga type's wire name.</param>
/// <param name="SagaId">The saga's id.</param>
/// <param name="DueAt">When it is to be delivered.</param>
/// <param name="WireName">The timeout command's wire name.</param>
/// <param name="Body">The timeout command in MessagePack.</param>
/// <param name="CorrelationId">The correlation id of the message that requested it.</param>
/// <param name="CausationId">The id of the message that requested it.</param>
public sealed record SagaTimeoutRecord(
    Guid TimeoutId, string SagaType, string SagaId, DateTimeOffset DueAt, string WireName, ReadOnlyMemory<byte> Body, Guid CorrelationId, Guid CausationId)
{
    /// <summary>
    /// The W3C <c>traceparent</c> of the span that requested it, which the spans of its handling link to; null when that
    /// was not traced. A store keeps it as it keeps the other members.
    /// </summary>
    public string? TraceParent { get; init; }
}
