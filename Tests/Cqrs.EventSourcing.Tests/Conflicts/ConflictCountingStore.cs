namespace Cqrs.EventSourcing.Tests.Conflicts;

/// <summary>An event store that counts the appends refused for a version mismatch: the optimistic-concurrency conflicts.</summary>
public sealed class ConflictCountingStore(IEventStore inner) : IEventStore
{
    private int _conflicts;

    public int Conflicts => Volatile.Read(ref _conflicts);

    public async Task<long> AppendAsync(string streamId, ExpectedVersion expectedVersion, IReadOnlyList<NewEvent> events, CancellationToken cancellationToken = default)
    {
        try
        {
            return await inner.AppendAsync(streamId, expectedVersion, events, cancellationToken);
        }
        catch (ConcurrencyException)
        {
            Interlocked.Increment(ref _conflicts);
            throw;
        }
    }

    public IAsyncEnumerable<StoredEvent> ReadStreamAsync(string streamId, long fromVersion = 1, CancellationToken cancellationToken = default) =>
        inner.ReadStreamAsync(streamId, fromVersion, cancellationToken);

    public IAsyncEnumerable<StoredEvent> ReadAllAsync(CancellationToken cancellationToken = default) => inner.ReadAllAsync(cancellationToken);
}
