namespace Cqrs.EventSourcing;

/// <summary>The latest snapshot of each stream's aggregate state. A cache: losing one costs only a longer load. Thread-safe.</summary>
public interface ISnapshotStore
{
    /// <summary>Stores <paramref name="snapshot"/> unless the stream already has one of a higher version.</summary>
    Task SaveSnapshotAsync(string streamId, Snapshot snapshot, CancellationToken cancellationToken = default);

    /// <summary>The stream's latest snapshot, or null.</summary>
    Task<Snapshot?> LoadSnapshotAsync(string streamId, CancellationToken cancellationToken = default);
}

/// <summary>An aggregate's state after the event at <paramref name="Version"/>.</summary>
/// <param name="Version">The last event folded into the state.</param>
/// <param name="StateType">The state type's wire name.</param>
/// <param name="State">The state in MessagePack.</param>
public sealed record Snapshot(long Version, string StateType, ReadOnlyMemory<byte> State);
