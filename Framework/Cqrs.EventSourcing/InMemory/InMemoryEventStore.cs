using System.Runtime.CompilerServices;

namespace Cqrs.EventSourcing.InMemory;

/// <summary>A store in memory, for tests and samples: nothing survives the process. One lock guards it all.</summary>
public sealed partial class InMemoryEventStore(TimeProvider? clock = null) : IEventSourcingStore
{
    private readonly TimeProvider _clock = clock ?? TimeProvider.System;
    private readonly Lock _lock = new();
    private readonly Dictionary<string, List<StoredEvent>> _streams = new(StringComparer.Ordinal);
    private readonly SortedDictionary<long, StoredEvent> _outbox = [];
    private readonly Dictionary<string, Snapshot> _snapshots = new(StringComparer.Ordinal);
    private readonly Dictionary<(string Handler, Guid MessageId), DateTimeOffset> _inbox = [];
    private readonly Dictionary<(string Projection, string StreamId), long> _checkpoints = [];
    private readonly Dictionary<Guid, long> _outboxKeys = [];
    private readonly HashSet<StreamPosition> _damaged = [];
    private readonly Dictionary<StreamPosition, OutboxDeadLetter> _deadLetters = [];
    private long _sequence;

    /// <inheritdoc/>
    public Task<long> AppendAsync(string streamId, ExpectedVersion expectedVersion, IReadOnlyList<NewEvent> events, CancellationToken cancellationToken = default)
    {
        StreamIds.ThrowIfInvalid(streamId);
        ArgumentOutOfRangeException.ThrowIfZero(events.Count, nameof(events));
        var timestamp = _clock.GetUtcNow();
        lock (_lock)
        {
            _streams.TryGetValue(streamId, out var stream);
            var version = stream?.Count ?? 0;
            if (!expectedVersion.IsMetBy(version))
            {
                throw new ConcurrencyException(streamId, expectedVersion, version);
            }

            stream ??= _streams[streamId] = [];
            foreach (var added in events)
            {
                var stored = new StoredEvent(streamId, ++version, added.EventId, added.WireName, added.Payload.ToArray(), added.CorrelationId, added.CausationId, timestamp);
                stream.Add(stored);
                _outboxKeys[added.EventId] = ++_sequence;
                _outbox.Add(_sequence, stored);
            }

            return Task.FromResult((long)version);
        }
    }

    /// <inheritdoc/>
    public async IAsyncEnumerable<StoredEvent> ReadStreamAsync(string streamId, long fromVersion = 1, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        StreamIds.ThrowIfInvalid(streamId);
        StoredEvent[] events;
        lock (_lock)
        {
            events = _streams.TryGetValue(streamId, out var stream) ? [.. stream.Skip((int)Math.Max(0, fromVersion - 1))] : [];
        }

        foreach (var stored in events)
        {
            cancellationToken.ThrowIfCancellationRequested();
            yield return Checked(stored);
        }

        await Task.CompletedTask.ConfigureAwait(false);
    }

    /// <inheritdoc/>
    public async IAsyncEnumerable<StoredEvent> ReadAllAsync([EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        StoredEvent[] events;
        lock (_lock)
        {
            events = [.. _streams.Values.SelectMany(stream => stream)];
        }

        foreach (var stored in events)
        {
            cancellationToken.ThrowIfCancellationRequested();
            yield return Checked(stored);
        }

        await Task.CompletedTask.ConfigureAwait(false);
    }

    /// <inheritdoc/>
    public Task SaveSnapshotAsync(string streamId, Snapshot snapshot, CancellationToken cancellationToken = default)
    {
        lock (_lock)
        {
            if (!_snapshots.TryGetValue(streamId, out var existing) || existing.Version < snapshot.Version)
            {
                _snapshots[streamId] = snapshot with { State = snapshot.State.ToArray() };
            }
        }

        return Task.CompletedTask;
    }

    /// <inheritdoc/>
    public Task<Snapshot?> LoadSnapshotAsync(string streamId, CancellationToken cancellationToken = default)
    {
        lock (_lock)
        {
            return Task.FromResult(_snapshots.GetValueOrDefault(streamId));
        }
    }

    /// <inheritdoc/>
    public Task<bool> HasHandledAsync(string handler, Guid messageId, CancellationToken cancellationToken = default)
    {
        lock (_lock)
        {
            return Task.FromResult(_inbox.ContainsKey((handler, messageId)));
        }
    }

    /// <inheritdoc/>
    public Task MarkHandledAsync(string handler, Guid messageId, CancellationToken cancellationToken = default)
    {
        lock (_lock)
        {
            _inbox.TryAdd((handler, messageId), _clock.GetUtcNow());
        }

        return Task.CompletedTask;
    }

    /// <inheritdoc/>
    public Task<int> PurgeHandledAsync(DateTimeOffset handledBefore, CancellationToken cancellationToken = default)
    {
        lock (_lock)
        {
            var expired = _inbox.Where(record => record.Value < handledBefore).Select(record => record.Key).ToList();
            foreach (var key in expired)
            {
                _inbox.Remove(key);
            }

            return Task.FromResult(expired.Count);
        }
    }

    /// <inheritdoc/>
    public Task<long> GetCheckpointAsync(string projection, string streamId, CancellationToken cancellationToken = default)
    {
        lock (_lock)
        {
            return Task.FromResult(_checkpoints.GetValueOrDefault((projection, streamId)));
        }
    }

    /// <inheritdoc/>
    public Task SetCheckpointAsync(string projection, string streamId, long version, CancellationToken cancellationToken = default)
    {
        lock (_lock)
        {
            _checkpoints[(projection, streamId)] = version;
        }

        return Task.CompletedTask;
    }

    /// <inheritdoc/>
    public Task ClearCheckpointsAsync(string projection, CancellationToken cancellationToken = default)
    {
        lock (_lock)
        {
            foreach (var key in _checkpoints.Keys.Where(key => key.Projection == projection).ToList())
            {
                _checkpoints.Remove(key);
            }
        }

        return Task.CompletedTask;
    }

    /// <summary>For tests of damaged storage: reading the event at <paramref name="position"/> fails from now on.</summary>
    internal void Damage(StreamPosition position)
    {
        lock (_lock)
        {
            _damaged.Add(position);
        }
    }

    private StoredEvent Checked(StoredEvent stored)
    {
        lock (_lock)
        {
            return _damaged.Contains(stored.Position) ? throw new StoredDataException(stored.Position, "the stored event is damaged.") : stored;
        }
    }
}
