namespace Cqrs.EventSourcing.InMemory;

/// <summary>Sagas and their timeouts in memory, under one lock. Thread-safe.</summary>
/// <param name="storage">What the in-memory stores keep; its clock stamps completed sagas saved without a completion time.</param>
public sealed class InMemorySagaStore(InMemoryStorage storage) : ISagaStore
{
    private readonly Lock _lock = new();
    private readonly Dictionary<(string SagaType, string SagaId), SagaRecord> _sagas = [];
    private readonly Dictionary<Guid, SagaTimeoutRecord> _timeouts = [];

    /// <inheritdoc/>
    public Task<SagaRecord?> LoadSagaAsync(string sagaType, string sagaId, CancellationToken cancellationToken = default)
    {
        lock (_lock)
        {
            return Task.FromResult(_sagas.GetValueOrDefault((sagaType, sagaId)));
        }
    }

    /// <inheritdoc/>
    public Task SaveSagaAsync(SagaRecord record, long expectedVersion, IReadOnlyList<SagaTimeoutRecord> timeouts, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(record);
        ArgumentNullException.ThrowIfNull(timeouts);
        lock (_lock)
        {
            var key = (record.SagaType, record.SagaId);
            var version = _sagas.TryGetValue(key, out var current) ? current.Version : 0;
            if (version != expectedVersion)
            {
                throw new ConcurrencyException($"{record.SagaType}-{record.SagaId}", ExpectedVersion.Exactly(expectedVersion), version);
            }

            _sagas[key] = record with { Data = record.Data.ToArray(), CompletedAt = CompletedAtOf(record, current) };
            foreach (var timeout in timeouts)
            {
                _timeouts[timeout.TimeoutId] = timeout with { Body = timeout.Body.ToArray() };
            }
        }

        return Task.CompletedTask;
    }

    /// <inheritdoc/>
    public Task<IReadOnlyList<SagaTimeoutRecord>> ReadDueTimeoutsAsync(DateTimeOffset dueBy, int maxCount, CancellationToken cancellationToken = default)
    {
        lock (_lock)
        {
            IReadOnlyList<SagaTimeoutRecord> due = [.. _timeouts.Values.Where(timeout => timeout.DueAt <= dueBy).OrderBy(timeout => timeout.DueAt).Take(maxCount)];
            return Task.FromResult(due);
        }
    }

    /// <inheritdoc/>
    public Task<DateTimeOffset?> NextTimeoutAfterAsync(DateTimeOffset after, CancellationToken cancellationToken = default)
    {
        lock (_lock)
        {
            var later = _timeouts.Values.Where(timeout => timeout.DueAt > after).Select(timeout => (DateTimeOffset?)timeout.DueAt);
            return Task.FromResult(later.Min());
        }
    }

    /// <inheritdoc/>
    public Task DeleteTimeoutAsync(Guid timeoutId, CancellationToken cancellationToken = default)
    {
        lock (_lock)
        {
            _timeouts.Remove(timeoutId);
        }

        return Task.CompletedTask;
    }

    /// <inheritdoc/>
    public Task<int> PurgeCompletedSagasAsync(DateTimeOffset completedBefore, int maxCount, CancellationToken cancellationToken = default)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(maxCount);
        lock (_lock)
        {
            var expired = _sagas.Values
                .Where(saga => saga is { Completed: true, HasPending: false, CompletedAt: { } completedAt } && completedAt < completedBefore)
                .OrderBy(saga => saga.CompletedAt)
                .Take(maxCount)
                .Select(saga => (saga.SagaType, saga.SagaId))
                .ToHashSet();
            foreach (var key in expired)
            {
                _sagas.Remove(key);
            }

            foreach (var timeout in _timeouts.Values.Where(timeout => expired.Contains((timeout.SagaType, timeout.SagaId))).ToList())
            {
                _timeouts.Remove(timeout.TimeoutId);
            }

            return Task.FromResult(expired.Count);
        }
    }

    /// <inheritdoc/>
    public Task<IReadOnlyList<SagaRecord>> ReadSagasWithPendingAsync(int maxCount, CancellationToken cancellationToken = default)
    {
        lock (_lock)
        {
            IReadOnlyList<SagaRecord> pending = [.. _sagas.Values.Where(saga => saga.HasPending).Take(maxCount)];
            return Task.FromResult(pending);
        }
    }

    /// <summary>A completed record's completion time: its own, else the one stored, else now; null while the saga runs.</summary>
    private DateTimeOffset? CompletedAtOf(SagaRecord record, SagaRecord? current) =>
        !record.Completed ? null : record.CompletedAt ?? current?.CompletedAt ?? storage.Clock.GetUtcNow();
}
