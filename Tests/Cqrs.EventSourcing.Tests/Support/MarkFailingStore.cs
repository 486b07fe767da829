using Cqrs.EventSourcing.InMemory;

namespace Cqrs.EventSourcing.Tests.Support;

/// <summary>An in-memory store whose next <see cref="MarkPublishedAsync"/> calls fail, as a store gone briefly unreachable would.</summary>
internal sealed class MarkFailingStore(int failures) : IEventSourcingStore
{
    private readonly InMemoryEventStore _inner = new();
    private int _failuresLeft = failures;

    public Task MarkPublishedAsync(IReadOnlyList<StoredEvent> events, CancellationToken cancellationToken = default) =>
        Interlocked.Decrement(ref _failuresLeft) >= 0
            ? throw new TimeoutException("The store did not answer.")
            : _inner.MarkPublishedAsync(events, cancellationToken);

    public Task<long> AppendAsync(string streamId, ExpectedVersion expectedVersion, IReadOnlyList<NewEvent> events, CancellationToken cancellationToken = default) =>
        _inner.AppendAsync(streamId, expectedVersion, events, cancellationToken);

    public IAsyncEnumerable<StoredEvent> ReadStreamAsync(string streamId, long fromVersion = 1, CancellationToken cancellationToken = default) =>
        _inner.ReadStreamAsync(streamId, fromVersion, cancellationToken);

    public IAsyncEnumerable<StoredEvent> ReadAllAsync(CancellationToken cancellationToken = default) => _inner.ReadAllAsync(cancellationToken);

    public Task<IReadOnlyList<StoredEvent>> ReadUnpublishedAsync(int maxCount, CancellationToken cancellationToken = default) =>
        _inner.ReadUnpublishedAsync(maxCount, cancellationToken);

    public Task SaveSnapshotAsync(string streamId, Snapshot snapshot, CancellationToken cancellationToken = default) =>
        _inner.SaveSnapshotAsync(streamId, snapshot, cancellationToken);

    public Task<Snapshot?> LoadSnapshotAsync(string streamId, CancellationToken cancellationToken = default) =>
        _inner.LoadSnapshotAsync(streamId, cancellationToken);

    public Task<bool> HasHandledAsync(string handler, Guid messageId, CancellationToken cancellationToken = default) =>
        _inner.HasHandledAsync(handler, messageId, cancellationToken);

    public Task MarkHandledAsync(string handler, Guid messageId, CancellationToken cancellationToken = default) =>
        _inner.MarkHandledAsync(handler, messageId, cancellationToken);

    public Task<long> GetCheckpointAsync(string projection, string streamId, CancellationToken cancellationToken = default) =>
        _inner.GetCheckpointAsync(projection, streamId, cancellationToken);

    public Task SetCheckpointAsync(string projection, string streamId, long version, CancellationToken cancellationToken = default) =>
        _inner.SetCheckpointAsync(projection, streamId, version, cancellationToken);

    public Task ClearCheckpointsAsync(string projection, CancellationToken cancellationToken = default) =>
        _inner.ClearCheckpointsAsync(projection, cancellationToken);
}
