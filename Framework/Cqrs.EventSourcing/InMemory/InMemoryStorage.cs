namespace Cqrs.EventSourcing.InMemory;

/// <summary>
/// What the in-memory stores keep, for tests and samples: nothing survives the process. Streams and the outbox share
/// one lock, so that an append fills the outbox in the same step; the other stores keep their own. Thread-safe.
/// </summary>
/// <param name="clock">Stamps appended events, inbox records, dead letters and completed sagas; the system clock by default.</param>
public sealed class InMemoryStorage(TimeProvider? clock = null)
{
    internal TimeProvider Clock { get; } = clock ?? TimeProvider.System;

    /// <summary>Guards the streams and the outbox.</summary>
    internal Lock StreamsLock { get; } = new();

    internal Dictionary<string, List<StoredEvent>> Streams { get; } = new(StringComparer.Ordinal);

    /// <summary>The unpublished events, by the sequence they were appended in.</summary>
    internal SortedDictionary<long, StoredEvent> Outbox { get; } = [];

    /// <summary>Each unpublished event's key in <see cref="Outbox"/>.</summary>
    internal Dictionary<Guid, long> OutboxKeys { get; } = [];

    internal Dictionary<StreamPosition, OutboxDeadLetter> DeadLetters { get; } = [];

    internal long Sequence { get; set; }

    private HashSet<StreamPosition> Damaged { get; } = [];

    /// <summary>For tests of damaged storage: reading the event at <paramref name="position"/> fails from now on.</summary>
    internal void Damage(StreamPosition position)
    {
        lock (StreamsLock)
        {
            Damaged.Add(position);
        }
    }

    /// <summary>The event, unless a test damaged it. Call under <see cref="StreamsLock"/>.</summary>
    /// <exception cref="StoredDataException">The event was damaged.</exception>
    internal StoredEvent Checked(StoredEvent stored) =>
        Damaged.Contains(stored.Position) ? throw new StoredDataException(stored.Position, "the stored event is damaged.") : stored;
}
