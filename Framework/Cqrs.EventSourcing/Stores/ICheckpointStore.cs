namespace Cqrs.EventSourcing;

/// <summary>How far each projection has read each stream. Thread-safe.</summary>
public interface ICheckpointStore
{
    /// <summary>The last version of <paramref name="streamId"/> applied to <paramref name="projection"/>; 0 when none.</summary>
    Task<long> GetCheckpointAsync(string projection, string streamId, CancellationToken cancellationToken = default);

    /// <summary>Records <paramref name="version"/> as the last version of <paramref name="streamId"/> applied to <paramref name="projection"/>.</summary>
    Task SetCheckpointAsync(string projection, string streamId, long version, CancellationToken cancellationToken = default);

    /// <summary>Forgets every checkpoint of <paramref name="projection"/> (before a rebuild).</summary>
    Task ClearCheckpointsAsync(string projection, CancellationToken cancellationToken = default);
}
