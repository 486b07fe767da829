namespace Cqrs.EventSourcing.InMemory;

/// <summary>Snapshots in memory: one per stream, the highest version kept. Thread-safe.</summary>
public sealed class InMemorySnapshotStore : ISnapshotStore
{
    private readonly Lock _lock = new();
    private readonly Dictionary<string, Snapshot> _snapshots = new(StringComparer.Ordinal);

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
}
