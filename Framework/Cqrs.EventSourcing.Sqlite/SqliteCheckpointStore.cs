using Microsoft.Data.Sqlite;
using static Cqrs.EventSourcing.Sqlite.SqliteDatabase;

namespace Cqrs.EventSourcing.Sqlite;

/// <summary>Projection checkpoints in the SQLite file: the last version of each stream each projection has applied. Thread-safe.</summary>
/// <param name="database">The file, whose writer and clock the store shares with the other stores of the file.</param>
public sealed class SqliteCheckpointStore(SqliteDatabase database) : ICheckpointStore
{
    private readonly SqliteDatabase _database = database ?? throw new ArgumentNullException(nameof(database));

    private const string GetCheckpointSql = "SELECT version FROM checkpoints WHERE projection = $projection AND stream_id = $stream;";

    private const string SetCheckpointSql = """
        INSERT INTO checkpoints (projection, stream_id, version) VALUES ($projection, $stream, $version)
        ON CONFLICT (projection, stream_id) DO UPDATE SET version = excluded.version;
        """;

    internal const string ClearCheckpointsSql = "DELETE FROM checkpoints WHERE projection = $projection;";

    /// <inheritdoc/>
    /// <exception cref="StoredDataException">The stored checkpoint is not an integer.</exception>
    public async Task<long> GetCheckpointAsync(string projection, string streamId, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(projection);
        ArgumentNullException.ThrowIfNull(streamId);
        using var connection = await _database.OpenAsync(cancellationToken).ConfigureAwait(false);
        return await ReadCheckpointAsync(connection, projection, streamId, cancellationToken).ConfigureAwait(false);
    }

    /// <inheritdoc/>
    public Task SetCheckpointAsync(string projection, string streamId, long version, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(projection);
        ArgumentNullException.ThrowIfNull(streamId);
        return _database.Writer.WriteAsync(connection => WriteCheckpointAsync(connection, projection, streamId, version), cancellationToken);
    }

    /// <inheritdoc/>
    public Task ClearCheckpointsAsync(string projection, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(projection);
        return _database.Writer.WriteAsync(
            async connection =>
            {
                using var clear = Command(connection, ClearCheckpointsSql, ("$projection", projection));
                await clear.ExecuteNonQueryAsync().ConfigureAwait(false);
            },
            cancellationToken);
    }

    /// <summary>The checkpoint on <paramref name="connection"/>, in its transaction if it has one.</summary>
    internal static async Task<long> ReadCheckpointAsync(SqliteConnection connection, string projection, string streamId, CancellationToken cancellationToken)
    {
        using var query = Command(connection, GetCheckpointSql, ("$projection", projection), ("$stream", streamId));
        return await query.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false) switch
        {
            null => 0,
            long version => version,
            _ => throw new StoredDataException(new StreamPosition(streamId, 0), $"the checkpoint of projection '{projection}' is not an integer."),
        };
    }

    /// <summary>Sets the checkpoint on <paramref name="connection"/>, in its transaction.</summary>
    internal static async Task WriteCheckpointAsync(SqliteConnection connection, string projection, string streamId, long version)
    {
        using var set = Command(connection, SetCheckpointSql, ("$projection", projection), ("$stream", streamId), ("$version", version));
        await set.ExecuteNonQueryAsync().ConfigureAwait(false);
    }
}
