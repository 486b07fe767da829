namespace Cqrs.EventSourcing.InMemory;

/// <summary>Projection checkpoints in memory. Thread-safe.</summary>
public sealed class InMemoryCheckpointStore : ICheckpointStore
{
    private readonly Lock _lock = new();
    private readonly Dictionary<(string Projection, string StreamId), long> _checkpoints = [];

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
}
