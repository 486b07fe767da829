namespace Cqrs.EventSourcing.InMemory;

/// <summary>The outbox in memory: appends (<see cref="InMemoryEventStore"/>) fill it under the streams' lock; publishing empties it. Thread-safe.</summary>
/// <param name="storage">What the in-memory stores keep.</param>
public sealed class InMemoryOutboxStore(InMemoryStorage storage) : IOutboxStore
{
    /// <inheritdoc/>
    /// <exception cref="StoredDataException">An event was damaged (a test's doing).</exception>
    public Task<IReadOnlyList<StoredEvent>> ReadUnpublishedAsync(int maxCount, CancellationToken cancellationToken = default)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(maxCount);
        lock (storage.StreamsLock)
        {
            return Task.FromResult<IReadOnlyList<StoredEvent>>([.. storage.Outbox.Values.Take(maxCount).Select(storage.Checked)]);
        }
    }

    /// <inheritdoc/>
    public Task MarkPublishedAsync(IReadOnlyList<StoredEvent> events, CancellationToken cancellationToken = default)
    {
        lock (storage.StreamsLock)
        {
            foreach (var published in events)
            {
                if (storage.OutboxKeys.Remove(published.EventId, out var key))
                {
                    storage.Outbox.Remove(key);
                }
            }
        }

        return Task.CompletedTask;
    }

    /// <inheritdoc/>
    public Task DeadLetterAsync(StreamPosition position, string reason, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(reason);
        lock (storage.StreamsLock)
        {
            var entry = storage.Outbox.FirstOrDefault(entry => entry.Value.Position == position);
            if (entry.Value is not null)
            {
                storage.Outbox.Remove(entry.Key);
                storage.OutboxKeys.Remove(entry.Value.EventId);
            }

            storage.DeadLetters[position] = new OutboxDeadLetter(position, reason, storage.Clock.GetUtcNow());
        }

        return Task.CompletedTask;
    }

    /// <inheritdoc/>
    public Task<IReadOnlyList<OutboxDeadLetter>> ReadDeadLettersAsync(int maxCount, CancellationToken cancellationToken = default)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(maxCount);
        lock (storage.StreamsLock)
        {
            return Task.FromResult<IReadOnlyList<OutboxDeadLetter>>([.. storage.DeadLetters.Values.Take(maxCount)]);
        }
    }
}
