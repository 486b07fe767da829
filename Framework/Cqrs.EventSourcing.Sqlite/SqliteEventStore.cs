using System.Runtime.CompilerServices;
using Microsoft.Data.Sqlite;
using static Cqrs.EventSourcing.Sqlite.SqliteDatabase;

namespace Cqrs.EventSourcing.Sqlite;

/// <summary>
/// Streams in the SQLite file: appending (with an outbox row per event, in the append's transaction) and reading.
/// Thread-safe.
/// </summary>
/// <param name="database">The file, whose writer and clock the store shares with the other stores of the file.</param>
public sealed class SqliteEventStore(SqliteDatabase database) : IEventStore
{
    private readonly SqliteDatabase _database = database ?? throw new ArgumentNullException(nameof(database));

    // Reads go a page at a time, so that a long read holds neither a pooled connection nor a WAL snapshot
    // (which keeps the WAL from being checkpointed) while its caller works through the events.
    private const int ReadPageSize = 1_000;

    private const string CurrentVersionSql = "SELECT MAX(version) FROM events WHERE stream_id = $stream;";

    private const string InsertEventSql = """
        INSERT INTO events (stream_id, version, event_id, wire_name, payload, correlation_id, causation_id, timestamp_ticks)
        VALUES ($stream, $version, $event_id, $wire_name, $payload, $correlation_id, $causation_id, $timestamp);
        """;

    private const string EnqueueSql = "INSERT INTO outbox (position) SELECT position FROM events WHERE stream_id = $stream AND version > $after;";

    private const string ReadStreamPageSql =
        $"SELECT {RowReader.EventColumns} FROM events WHERE stream_id = $stream AND version >= $from ORDER BY version LIMIT $limit;";

    private const string ReadAllPageSql =
        $"SELECT {RowReader.EventColumns} FROM events WHERE position > $after ORDER BY position LIMIT $limit;";

    /// <inheritdoc/>
    public async Task<long> AppendAsync(string streamId, ExpectedVersion expectedVersion, IReadOnlyList<NewEvent> events, CancellationToken cancellationToken = default)
    {
        StreamIds.ThrowIfInvalid(streamId);
        ArgumentNullException.ThrowIfNull(events);
        ArgumentOutOfRangeException.ThrowIfZero(events.Count, nameof(events));
        var timestamp = _database.Clock.GetUtcNow().UtcTicks;
        var version = 0L;
        await _database.Writer.WriteAsync(
            async connection =>
            {
                var current = await CurrentVersionAsync(connection, streamId).ConfigureAwait(false);
                if (!expectedVersion.IsMetBy(current))
                {
                    throw new ConcurrencyException(streamId, expectedVersion, current);
                }

                await InsertEventsAsync(connection, streamId, current, events, timestamp).ConfigureAwait(false);
                using var enqueue = Command(connection, EnqueueSql, ("$stream", streamId), ("$after", current));
                await enqueue.ExecuteNonQueryAsync().ConfigureAwait(false);
                version = current + events.Count;
            },
            cancellationToken).ConfigureAwait(false);
        return version;
    }

    /// <inheritdoc/>
    public async IAsyncEnumerable<StoredEvent> ReadStreamAsync(string streamId, long fromVersion = 1, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        StreamIds.ThrowIfInvalid(streamId);
        var from = Math.Max(1, fromVersion);
        for (var read = ReadPageSize; read == ReadPageSize;)
        {
            read = 0;
            await foreach (var row in _database.QueryAsync(ReadStreamPageSql, cancellationToken, ("$stream", streamId), ("$from", from), ("$limit", ReadPageSize)).ConfigureAwait(false))
            {
                var stored = RowReader.ReadEvent(row);
                read++;
                from = stored.Version + 1;
                yield return stored;
            }
        }
    }

    /// <inheritdoc/>
    /// <remarks>Events come in the order they were appended, across streams.</remarks>
    public async IAsyncEnumerable<StoredEvent> ReadAllAsync([EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        var after = 0L;
        for (var read = ReadPageSize; read == ReadPageSize;)
        {
            read = 0;
            await foreach (var row in _database.QueryAsync(ReadAllPageSql, cancellationToken, ("$after", after), ("$limit", ReadPageSize)).ConfigureAwait(false))
            {
                var stored = RowReader.ReadEvent(row);
                read++;
                after = row.GetInt64(0);
                yield return stored;
            }
        }
    }

    private static async Task<long> CurrentVersionAsync(SqliteConnection connection, string streamId)
    {
        using var query = Command(connection, CurrentVersionSql, ("$stream", streamId));
        return await query.ExecuteScalarAsync().ConfigureAwait(false) switch
        {
            DBNull => 0,
            long version => version,
            _ => throw new StoredDataException(new StreamPosition(streamId, 0), "the stream's highest version is not an integer."),
        };
    }

    private static async Task InsertEventsAsync(SqliteConnection connection, string streamId, long current, IReadOnlyList<NewEvent> events, long timestamp)
    {
        // One command for every event: SQLite prepares the statement once, each event rebinds what changes.
        using var insert = Command(connection, InsertEventSql, ("$stream", streamId), ("$timestamp", timestamp));
        var version = insert.Parameters.Add("$version", SqliteType.Integer);
        var eventId = insert.Parameters.Add("$event_id", SqliteType.Blob);
        var wireName = insert.Parameters.Add("$wire_name", SqliteType.Text);
        var payload = insert.Parameters.Add("$payload", SqliteType.Blob);
        var correlationId = insert.Parameters.Add("$correlation_id", SqliteType.Blob);
        var causationId = insert.Parameters.Add("$causation_id", SqliteType.Blob);
        for (var index = 0; index < events.Count; index++)
        {
            var added = events[index];
            version.Value = current + index + 1;
            eventId.Value = Blobs.FromId(added.EventId);
            wireName.Value = added.WireName;
            payload.Value = Blobs.From(added.Payload);
            correlationId.Value = Blobs.FromId(added.CorrelationId);
            causationId.Value = Blobs.FromId(added.CausationId);
            await insert.ExecuteNonQueryAsync().ConfigureAwait(false);
        }
    }
}
