using Microsoft.Data.Sqlite;
using static Cqrs.EventSourcing.Sqlite.SqliteDatabase;

namespace Cqrs.EventSourcing.Sqlite;

/// <summary>
/// Sagas and their timeouts in the SQLite file: a row per saga, saved with a version check, and its timeouts in the
/// same write; completed sagas are purged by completion time, with their timeouts, in one write. Thread-safe.
/// </summary>
/// <param name="database">The file, whose writer and clock the store shares with the other stores of the file.</param>
public sealed class SqliteSagaStore(SqliteDatabase database) : ISagaStore
{
    private readonly SqliteDatabase _database = database ?? throw new ArgumentNullException(nameof(database));

    private const string LoadSagaSql = "SELECT version, data, completed, has_pending, completed_ticks FROM sagas WHERE saga_type = $saga_type AND saga_id = $saga_id;";

    // A completed record saved without its completion time keeps the one stored, or takes the time of the save.
    private const string InsertSagaSql = """
        INSERT INTO sagas (saga_type, saga_id, version, data, completed, has_pending, completed_ticks)
        VALUES ($saga_type, $saga_id, $version, $data, $completed, $has_pending, CASE WHEN $completed = 1 THEN coalesce($completed_ticks, $now_ticks) END)
        ON CONFLICT DO NOTHING;
        """;

    private const string UpdateSagaSql = """
        UPDATE sagas SET version = $version, data = $data, completed = $completed, has_pending = $has_pending,
            completed_ticks = CASE WHEN $completed = 1 THEN coalesce($completed_ticks, completed_ticks, $now_ticks) END
        WHERE saga_type = $saga_type AND saga_id = $saga_id AND version = $expected;
        """;

    private const string SagaVersionSql = "SELECT coalesce((SELECT version FROM sagas WHERE saga_type = $saga_type AND saga_id = $saga_id), 0);";

    private const string SagasWithPendingSql = """
        SELECT saga_type, saga_id, version, data, completed, completed_ticks FROM sagas WHERE has_pending = 1 LIMIT $max_count;
        """;

    // The same sagas, oldest first, chosen twice in one write transaction: their timeouts go, then they do.
    private const string ExpiredSagasSql = """
        SELECT saga_type, saga_id FROM sagas
        WHERE completed_ticks < $before AND completed = 1 AND has_pending = 0
        ORDER BY completed_ticks, saga_type, saga_id LIMIT $max_count
        """;

    private const string PurgeTimeoutsOfSagasSql = $"DELETE FROM saga_timeouts WHERE (saga_type, saga_id) IN ({ExpiredSagasSql});";

    private const string PurgeSagasSql = $"DELETE FROM sagas WHERE (saga_type, saga_id) IN ({ExpiredSagasSql});";

    private const string InsertTimeoutSql = """
        INSERT INTO saga_timeouts (timeout_id, saga_type, saga_id, due_ticks, wire_name, body, correlation_id, causation_id, trace_parent)
        VALUES ($timeout_id, $saga_type, $saga_id, $due_ticks, $wire_name, $body, $correlation_id, $causation_id, $trace_parent);
        """;

    private const string DueTimeoutsSql = """
        SELECT timeout_id, saga_type, saga_id, due_ticks, wire_name, body, correlation_id, causation_id, trace_parent
        FROM saga_timeouts WHERE due_ticks <= $due_by ORDER BY due_ticks LIMIT $max_count;
        """;

    private const string NextTimeoutSql = "SELECT min(due_ticks) FROM saga_timeouts WHERE due_ticks > $after;";

    private const string DeleteTimeoutSql = "DELETE FROM saga_timeouts WHERE timeout_id = $timeout_id;";

    /// <inheritdoc/>
    public async Task<SagaRecord?> LoadSagaAsync(string sagaType, string sagaId, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(sagaType);
        ArgumentNullException.ThrowIfNull(sagaId);
        await foreach (var row in _database.QueryAsync(LoadSagaSql, cancellationToken, ("$saga_type", sagaType), ("$saga_id", sagaId)).ConfigureAwait(false))
        {
            return new SagaRecord(sagaType, sagaId, row.GetInt64(0), (byte[])row.GetValue(1), row.GetInt64(2) != 0, row.GetInt64(3) != 0) { CompletedAt = TimeAt(row, 4) };
        }

        return null;
    }

    /// <inheritdoc/>
    public Task SaveSagaAsync(SagaRecord record, long expectedVersion, IReadOnlyList<SagaTimeoutRecord> timeouts, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(record);
        ArgumentNullException.ThrowIfNull(timeouts);
        return _database.Writer.WriteAsync(
            async connection =>
            {
                (string, object)[] saga =
                [
                    ("$saga_type", record.SagaType), ("$saga_id", record.SagaId), ("$version", record.Version),
                    ("$data", Blobs.From(record.Data)), ("$completed", record.Completed ? 1 : 0), ("$has_pending", record.HasPending ? 1 : 0),
                    ("$expected", expectedVersion), ("$completed_ticks", record.CompletedAt is { } completedAt ? completedAt.UtcTicks : DBNull.Value),
                    ("$now_ticks", _database.Clock.GetUtcNow().UtcTicks),
                ];
                using (var save = Command(connection, expectedVersion == 0 ? InsertSagaSql : UpdateSagaSql, saga))
                {
                    if (await save.ExecuteNonQueryAsync().ConfigureAwait(false) == 0)
                    {
                        using var current = Command(connection, SagaVersionSql, ("$saga_type", record.SagaType), ("$saga_id", record.SagaId));
                        var actual = (long)(await current.ExecuteScalarAsync().ConfigureAwait(false))!;
                        throw new ConcurrencyException($"{record.SagaType}-{record.SagaId}", ExpectedVersion.Exactly(expectedVersion), actual);
                    }
                }

                foreach (var timeout in timeouts)
                {
                    await InsertTimeoutAsync(connection, timeout).ConfigureAwait(false);
                }
            },
            cancellationToken);
    }

    /// <inheritdoc/>
    public async Task<IReadOnlyList<SagaTimeoutRecord>> ReadDueTimeoutsAsync(DateTimeOffset dueBy, int maxCount, CancellationToken cancellationToken = default)
    {
        var due = new List<SagaTimeoutRecord>();
        await foreach (var row in _database.QueryAsync(DueTimeoutsSql, cancellationToken, ("$due_by", dueBy.UtcTicks), ("$max_count", maxCount)).ConfigureAwait(false))
        {
            due.Add(new SagaTimeoutRecord(
                IdAt(row, 0),
                row.GetString(1),
                row.GetString(2),
                new DateTimeOffset(row.GetInt64(3), TimeSpan.Zero),
                row.GetString(4),
                (byte[])row.GetValue(5),
                IdAt(row, 6),
                IdAt(row, 7))
            {
                TraceParent = row.IsDBNull(8) ? null : row.GetString(8),
            });
        }

        return due;
    }

    /// <inheritdoc/>
    public async Task<IReadOnlyList<SagaRecord>> ReadSagasWithPendingAsync(int maxCount, CancellationToken cancellationToken = default)
    {
        var sagas = new List<SagaRecord>();
        await foreach (var row in _database.QueryAsync(SagasWithPendingSql, cancellationToken, ("$max_count", maxCount)).ConfigureAwait(false))
        {
            sagas.Add(new SagaRecord(row.GetString(0), row.GetString(1), row.GetInt64(2), (byte[])row.GetValue(3), row.GetInt64(4) != 0, HasPending: true) { CompletedAt = TimeAt(row, 5) });
        }

        return sagas;
    }

    /// <inheritdoc/>
    public async Task<int> PurgeCompletedSagasAsync(DateTimeOffset completedBefore, int maxCount, CancellationToken cancellationToken = default)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(maxCount);
        var purged = 0;
        await _database.Writer.WriteAsync(
            async connection =>
            {
                (string, object)[] expired = [("$before", completedBefore.UtcTicks), ("$max_count", maxCount)];
                using (var timeouts = Command(connection, PurgeTimeoutsOfSagasSql, expired))
                {
                    await timeouts.ExecuteNonQueryAsync().ConfigureAwait(false);
                }

                using var sagas = Command(connection, PurgeSagasSql, expired);
                purged = await sagas.ExecuteNonQueryAsync().ConfigureAwait(false);
            },
            cancellationToken).ConfigureAwait(false);
        return purged;
    }

    /// <inheritdoc/>
    public async Task<DateTimeOffset?> NextTimeoutAfterAsync(DateTimeOffset after, CancellationToken cancellationToken = default)
    {
        using var connection = await _database.OpenAsync(cancellationToken).ConfigureAwait(false);
        using var query = Command(connection, NextTimeoutSql, ("$after", after.UtcTicks));
        return await query.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false) is long ticks ? new DateTimeOffset(ticks, TimeSpan.Zero) : null;
    }

    /// <inheritdoc/>
    public Task DeleteTimeoutAsync(Guid timeoutId, CancellationToken cancellationToken = default) =>
        _database.Writer.WriteAsync(
            async connection =>
            {
                using var delete = Command(connection, DeleteTimeoutSql, ("$timeout_id", Blobs.FromId(timeoutId)));
                await delete.ExecuteNonQueryAsync().ConfigureAwait(false);
            },
            cancellationToken);

    private static async Task InsertTimeoutAsync(SqliteConnection connection, SagaTimeoutRecord timeout)
    {
        using var insert = Command(
            connection,
            InsertTimeoutSql,
            ("$timeout_id", Blobs.FromId(timeout.TimeoutId)),
            ("$saga_type", timeout.SagaType),
            ("$saga_id", timeout.SagaId),
            ("$due_ticks", timeout.DueAt.UtcTicks),
            ("$wire_name", timeout.WireName),
            ("$body", Blobs.From(timeout.Body)),
            ("$correlation_id", Blobs.FromId(timeout.CorrelationId)),
            ("$causation_id", Blobs.FromId(timeout.CausationId)),
            ("$trace_parent", (object?)timeout.TraceParent ?? DBNull.Value));
        await insert.ExecuteNonQueryAsync().ConfigureAwait(false);
    }

    private static DateTimeOffset? TimeAt(SqliteDataReader row, int ordinal) => row.IsDBNull(ordinal) ? null : new DateTimeOffset(row.GetInt64(ordinal), TimeSpan.Zero);

    private static Guid IdAt(SqliteDataReader row, int ordinal) =>
        Blobs.TryReadId((byte[])row.GetValue(ordinal), out var id) ? id : throw new InvalidOperationException("A saga timeout's id column does not hold an id.");
}
