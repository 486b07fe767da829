using static Cqrs.EventSourcing.Sqlite.SqliteDatabase;

namespace Cqrs.EventSourcing.Sqlite;

/// <summary>Snapshots in the SQLite file: one per stream, the highest version kept. Thread-safe.</summary>
/// <param name="database">The file, whose writer and clock the store shares with the other stores of the file.</param>
public sealed class SqliteSnapshotStore(SqliteDatabase database) : ISnapshotStore
{
    private readonly SqliteDatabase _database = database ?? throw new ArgumentNullException(nameof(database));

    private const string SaveSnapshotSql = """
        INSERT INTO snapshots (stream_id, version, state_type, state) VALUES ($stream, $version, $state_type, $state)
        ON CONFLICT (stream_id) DO UPDATE SET version = excluded.version, state_type = excluded.state_type, state = excluded.state
        WHERE excluded.version > snapshots.version;
        """;

    private const string LoadSnapshotSql = "SELECT version, state_type, state FROM snapshots WHERE stream_id = $stream;";

    /// <inheritdoc/>
    public Task SaveSnapshotAsync(string streamId, Snapshot snapshot, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(streamId);
        ArgumentNullException.ThrowIfNull(snapshot);
        return _database.Writer.WriteAsync(
            async connection =>
            {
                using var save = Command(
                    connection,
                    SaveSnapshotSql,
                    ("$stream", streamId),
                    ("$version", snapshot.Version),
                    ("$state_type", snapshot.StateType),
                    ("$state", Blobs.From(snapshot.State)));
                await save.ExecuteNonQueryAsync().ConfigureAwait(false);
            },
            cancellationToken);
    }

    /// <inheritdoc/>
    /// <remarks>A snapshot that cannot be read counts as none: it is a cache, and the aggregate loads from its events instead.</remarks>
    public async Task<Snapshot?> LoadSnapshotAsync(string streamId, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(streamId);
        await foreach (var row in _database.QueryAsync(LoadSnapshotSql, cancellationToken, ("$stream", streamId)).ConfigureAwait(false))
        {
            return RowReader.Holds<long>(row, 0) && RowReader.Holds<string>(row, 1) && RowReader.Holds<byte[]>(row, 2)
                ? new Snapshot(row.GetInt64(0), row.GetString(1), row.GetFieldValue<byte[]>(2))
                : null;
        }

        return null;
    }
}
