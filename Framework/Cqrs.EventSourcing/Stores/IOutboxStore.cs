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
}
