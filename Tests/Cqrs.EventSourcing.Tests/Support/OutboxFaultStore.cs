using Cqrs.EventSourcing.InMemory;

namespace Cqrs.EventSourcing.Tests.Support;

/// <summary>
/// An in-memory outbox that is unreliable, as a store gone briefly unreachable or slow would be: its first
/// <c>markFailures</c> <see cref="MarkPublishedAsync"/> calls fail, and each <see cref="ReadUnpublishedAsync"/> takes
/// <c>readDelay</c> first, heedless of cancellation (like I/O under way).
/// </summary>
internal sealed class OutboxFaultStore(InMemoryStorage storage, int markFailures = 0, TimeSpan readDelay = default) : IOutboxStore
{
    private readonly InMemoryOutboxStore _inner = new(storage);
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

    public Task DeadLetterAsync(StreamPosition position, string reason, CancellationToken cancellationToken = default) =>
        _inner.DeadLetterAsync(position, reason, cancellationToken);

    public Task<IReadOnlyList<OutboxDeadLetter>> ReadDeadLettersAsync(int maxCount, CancellationToken cancellationToken = default) =>
        _inner.ReadDeadLettersAsync(maxCount, cancellationToken);
}
