namespace Cqrs.EventSourcing;

/// <summary>
/// The events appended but not yet published. Appends add to it in their own transaction, so an event
/// stored is an event that will be published, even if the process stops right after the append. Thread-safe.
/// </summary>
public interface IOutboxStore
{
    /// <summary>Up to <paramref name="maxCount"/> unpublished events, oldest first within each stream.</summary>
    Task<IReadOnlyList<StoredEvent>> ReadUnpublishedAsync(int maxCount, CancellationToken cancellationToken = default);

    /// <summary>Records that these events were published; events already marked are ignored.</summary>
    Task MarkPublishedAsync(IReadOnlyList<StoredEvent> events, CancellationToken cancellationToken = default);

    /// <summary>
    /// Sets aside the outbox entry at <paramref name="position"/>, which cannot be published (its event cannot be read,
    /// its type is retired, or its row is missing): it leaves the outbox, so it no longer holds back the events after
    /// it, and is kept, with <paramref name="reason"/>, among <see cref="ReadDeadLettersAsync"/>. Setting aside twice,
    /// or an entry no longer in the outbox, is harmless. The event itself stays in its stream.
    /// </summary>
    Task DeadLetterAsync(StreamPosition position, string reason, CancellationToken cancellationToken = default);

    /// <summary>Up to <paramref name="maxCount"/> outbox entries set aside by <see cref="DeadLetterAsync"/>, for an operator to look into.</summary>
    Task<IReadOnlyList<OutboxDeadLetter>> ReadDeadLettersAsync(int maxCount, CancellationToken cancellationToken = default);
}
