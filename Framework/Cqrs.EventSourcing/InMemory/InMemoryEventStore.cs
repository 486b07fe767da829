using System.Runtime.CompilerServices;

namespace Cqrs.EventSourcing.InMemory;

/// <summary>Streams in memory: an append fills the outbox (<see cref="InMemoryOutboxStore"/>) under the same lock. Thread-safe.</summary>
/// <param name="storage">What the in-memory stores keep.</param>
public sealed class InMemoryEventStore(InMemoryStorage storage) : IEventStore
{
    /// <inheritdoc/>
    public Task<long> AppendAsync(string streamId, ExpectedVersion expectedVersion, IReadOnlyList<NewEvent> events, CancellationToken cancellationToken = default)
    {
        StreamIds.ThrowIfInvalid(streamId);
        ArgumentOutOfRangeException.ThrowIfZero(events.Count, nameof(events));
        var timestamp = storage.Clock.GetUtcNow();
        lock (storage.StreamsLock)
        {
            storage.Streams.TryGetValue(streamId, out var stream);
            var version = stream?.Count ?? 0;
            if (!expectedVersion.IsMetBy(version))
            {
                throw new ConcurrencyException(streamId, expectedVersion, version);
            }

            stream ??= storage.Streams[streamId] = [];
            foreach (var added in events)
            {
                var stored = new StoredEvent(streamId, ++version, added.EventId, added.WireName, added.Payload.ToArray(), added.CorrelationId, added.CausationId, timestamp);
                stream.Add(stored);
                var key = ++storage.Sequence;
                storage.OutboxKeys[added.EventId] = key;
                storage.Outbox.Add(key, stored);
            }

            return Task.FromResult((long)version);
        }
    }

    /// <inheritdoc/>
    public async IAsyncEnumerable<StoredEvent> ReadStreamAsync(string streamId, long fromVersion = 1, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        StreamIds.ThrowIfInvalid(streamId);
        StoredEvent[] events;
        lock (storage.StreamsLock)
        {
            events = storage.Streams.TryGetValue(streamId, out var stream) ? [.. stream.Skip((int)Math.Max(0, fromVersion - 1))] : [];
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
        lock (storage.StreamsLock)
        {
            events = [.. storage.Streams.Values.SelectMany(stream => stream)];
        }

        foreach (var stored in events)
        {
            cancellationToken.ThrowIfCancellationRequested();
            yield return Checked(stored);
        }

        await Task.CompletedTask.ConfigureAwait(false);
    }

    private StoredEvent Checked(StoredEvent stored)
    {
        lock (storage.StreamsLock)
        {
            return storage.Checked(stored);
        }
    }
}
