using Microsoft.Data.Sqlite;

namespace Cqrs.EventSourcing.Sqlite;

/// <summary>Projection checkpoints: the last version of each stream each projection has applied.</summary>
public sealed partial class SqliteEventStore
{
    private const string GetCheckpointSql = "SELECT version FROM checkpoints WHERE projection = $projection AND stream_id = $stream;";

    private const string SetCheckpointSql = """
        INSERT INTO checkpoints (projection, stream_id, version) VALUES ($projection, $stream, $version)
        ON CONFLICT (projection, stream_id) DO UPDATE SET version = excluded.version;
        """;

    private const string ClearCheckpointsSql = "DELETE FROM checkpoints WHERE projection = $projection;";

    /// <inheritdoc/>
    /// <exception cref="StoredDataException">The stored checkpoint is not an integer.</exception>
    public async Task<long> GetCheckpointAsync(string projection, string streamId, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(projection);
        ArgumentNullException.ThrowIfNull(streamId);
        using var connection = await OpenAsync(cancellationToken).ConfigureAwait(false);
        return await ReadCheckpointAsync(connection, projection, streamId, cancellationToken).ConfigureAwait(false);
    }

    /// <inheritdoc/>
    public Task SetCheckpointAsync(string projection, string streamId, long version, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(projection);
        ArgumentNullException.ThrowIfNull(streamId);
        return _writer.WriteAsync(connection => WriteCheckpointAsync(connection, projection, streamId, version), cancellationToken);
    }

    /// <inheritdoc/>
    public Task ClearCheckpointsAsync(string projection, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(projection);
        return _writer.WriteAsync(
            async connection =>
            {
                using var clear = Command(connection, ClearCheckpointsSql, ("$projection", projection));
                await clear.ExecuteNonQueryAsync().ConfigureAwait(false);
            },
            cancellationToken);
    }

    private static async Task<long> ReadCheckpointAsync(SqliteConnection connection, string projection, string streamId, CancellationToken cancellationToken)
    {
        using var query = Command(connection, GetCheckpointSql, ("$projection", projection), ("$stream", streamId));
        return await query.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false) switch
        {
            null => 0,
            long version => version,
            _ => throw new StoredDataException(new StreamPosition(streamId, 0), $"the checkpoint of projection '{projection}' is not an integer."),
        };
    }

    private static async Task WriteCheckpointAsync(SqliteConnection connection, string projection, string streamId, long version)
    {
        using var set = Command(connection, SetCheckpointSql, ("$projection", projection), ("$stream", streamId), ("$version", version));
        await set.ExecuteNonQueryAsync().ConfigureAwait(false);
    }
}
