namespace Cqrs.EventSourcing.InMemory;

/// <summary>The outbox: appends fill it under the store's lock; publishing empties it.</summary>
public sealed partial class InMemoryEventStore
{
    /// <inheritdoc/>
    /// <exception cref="StoredDataException">An event was damaged (a test's doing).</exception>
    public Task<IReadOnlyList<StoredEvent>> ReadUnpublishedAsync(int maxCount, CancellationToken cancellationToken = default)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(maxCount);
        lock (_lock)
        {
            return Task.FromResult<IReadOnlyList<StoredEvent>>([.. _outbox.Values.Take(maxCount).Select(Checked)]);
        }
    }

    /// <inheritdoc/>
    public Task MarkPublishedAsync(IReadOnlyList<StoredEvent> events, CancellationToken cancellationToken = default)
    {
        lock (_lock)
        {
            foreach (var published in events)
            {
                if (_outboxKeys.Remove(published.EventId, out var key))
                {
                    _outbox.Remove(key);
                }
            }
        }

        return Task.CompletedTask;
    }

    /// <inheritdoc/>
    public Task DeadLetterAsync(StreamPosition position, string reason, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(reason);
        lock (_lock)
        {
            var entry = _outbox.FirstOrDefault(entry => entry.Value.Position == position);
            if (entry.Value is not null)
            {
                _outbox.Remove(entry.Key);
                _outboxKeys.Remove(entry.Value.EventId);
            }

            _deadLetters[position] = new OutboxDeadLetter(position, reason, _clock.GetUtcNow());
        }

        return Task.CompletedTask;
    }

    /// <inheritdoc/>
    public Task<IReadOnlyList<OutboxDeadLetter>> ReadDeadLettersAsync(int maxCount, CancellationToken cancellationToken = default)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(maxCount);
        lock (_lock)
        {
            return Task.FromResult<IReadOnlyList<OutboxDeadLetter>>([.. _deadLetters.Values.Take(maxCount)]);
        }
    }
}
