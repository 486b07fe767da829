namespace Cqrs.EventSourcing;

/// <summary>
/// Streams of events. An append is all or nothing, checked against the expected version, and writes an
/// outbox record per event in the same transaction (see <see cref="IOutboxStore"/>). Thread-safe.
/// </summary>
public interface IEventStore
{
    /// <summary>Appends <paramref name="events"/> to the stream, numbered on from its current version.</summary>
    /// <returns>The stream's new version.</returns>
    /// <exception cref="ConcurrencyException">The stream's version does not meet <paramref name="expectedVersion"/>; nothing was appended.</exception>
    /// <exception cref="ArgumentException">The stream id breaks <see cref="StreamIds"/>' rule, or there are no events.</exception>
    Task<long> AppendAsync(string streamId, ExpectedVersion expectedVersion, IReadOnlyList<NewEvent> events, CancellationToken cancellationToken = default);

    /// <summary>The stream's events from <paramref name="fromVersion"/> on, in order; none for a stream that does not exist.</summary>
    /// <exception cref="StoredDataException">A stored row cannot be read.</exception>
    IAsyncEnumerable<StoredEvent> ReadStreamAsync(string streamId, long fromVersion = 1, CancellationToken cancellationToken = default);

    /// <summary>Every event of every stream: each stream in version order; streams in the store's own order.</summary>
    /// <exception cref="StoredDataException">A stored row cannot be read.</exception>
    IAsyncEnumerable<StoredEvent> ReadAllAsync(CancellationToken cancellationToken = default);
}
