using Cqrs.EventSourcing.InMemory;

namespace Cqrs.EventSourcing.Tests.Support;

/// <summary>
/// An in-memory store whose outbox is unreliable, as a store gone briefly unreachable or slow would be: its first
/// <c>markFailures</c> <see cref="MarkPublishedAsync"/> calls fail, and each <see cref="ReadUnpublishedAsync"/> takes
/// <c>readDelay</c> first, heedless of cancellation (like I/O under way).
/// </summary>
internal sealed class OutboxFaultStore(int markFailures = 0, TimeSpan readDelay = default) : IEventSourcingStore
{
    private readonly InMemoryEventStore _inner = new();
    private int _markFailuresLeft = markFailures;
    private int _readsStarted;
    private int _readsFinished;

    public int ReadsStarted => Volatile.Read(ref _readsStarted);

    public int ReadsFinished => Volatile.Read(ref _readsFinished);

    public Task MarkPublishedAsync(IReadOnlyList<StoredEvent> events, CancellationToken cancellationToken = default) =>
        Interlocked.Decrement(ref _markFailuresLeft) >= 0
            ? throw new TimeoutException("The store did not answer.")
            : _inner.MarkPublishedAsync(events, cancellationToken);

    public async Task<IReadOnlyList<StoredEvent>> ReadUnpublishedAsync(int maxCount, CancellationToken cancellationToken = default)
    {
        Interlocked.Increment(ref _readsStarted);
        try
        {
            await Task.Delay(readDelay, CancellationToken.None);
            return await _inner.ReadUnpublishedAsync(maxCount, cancellationToken);
        }
        finally
        {
            Interlocked.Increment(ref _readsFinished);
        }
    }

    public Task<long> AppendAsync(string streamId, ExpectedVersion expectedVersion, IReadOnlyList<NewEvent> events, CancellationToken cancellationToken = default) =>
        _inner.AppendAsync(streamId, expectedVersion, events, cancellationToken);

    public IAsyncEnumerable<StoredEvent> ReadStreamAsync(string streamId, long fromVersion = 1, CancellationToken cancellationToken = default) =>
        _inner.ReadStreamAsync(streamId, fromVersion, cancellationToken);

    public IAsyncEnumerable<StoredEvent> ReadAllAsync(CancellationToken cancellationToken = default) => _inner.ReadAllAsync(cancellationToken);

    public Task SaveSnapshotAsync(string streamId, Snapshot snapshot, CancellationToken cancellationToken = default) =>
        _inner.SaveSnapshotAsync(streamId, snapshot, cancellationToken);

    public Task<Snapshot?> LoadSnapshotAsync(string streamId, CancellationToken cancellationToken = default) =>
        _inner.LoadSnapshotAsync(streamId, cancellationToken);

    public Task<bool> HasHandledAsync(string handler, Guid messageId, CancellationToken cancellationToken = default) =>
        _inner.HasHandledAsync(handler, messageId, cancellationToken);

    public Task MarkHandledAsync(string handler, Guid messageId, CancellationToken cancellationToken = default) =>
        _inner.MarkHandledAsync(handler, messageId, cancellationToken);

    public Task DeadLetterAsync(StreamPosition position, string reason, CancellationToken cancellationToken = default) =>
        _inner.DeadLetterAsync(position, reason, cancellationToken);

    public Task<IReadOnlyList<OutboxDeadLetter>> ReadDeadLettersAsync(int maxCount, CancellationToken cancellationToken = default) =>
        _inner.ReadDeadLettersAsync(maxCount, cancellationToken);

    public Task<int> PurgeHandledAsync(DateTimeOffset handledBefore, CancellationToken cancellationToken = default) =>
        _inner.PurgeHandledAsync(handledBefore, cancellationToken);

    public Task<long> GetCheckpointAsync(string projection, string streamId, CancellationToken cancellationToken = default) =>
        _inner.GetCheckpointAsync(projection, streamId, cancellationToken);

    public Task SetCheckpointAsync(string projection, string streamId, long version, CancellationToken cancellationToken = default) =>
        _inner.SetCheckpointAsync(projection, streamId, version, cancellationToken);

    public Task ClearCheckpointsAsync(string projection, CancellationToken cancellationToken = default) =>
        _inner.ClearCheckpointsAsync(projection, cancellationToken);
}
