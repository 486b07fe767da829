using Microsoft.Data.Sqlite;
using static Cqrs.EventSourcing.Sqlite.SqliteDatabase;

namespace Cqrs.EventSourcing.Sqlite;

/// <summary>The outbox in the SQLite file: appends fill it in the transaction that stores their events; publishing empties it. Thread-safe.</summary>
/// <param name="database">The file, whose writer and clock the store shares with the other stores of the file.</param>
public sealed class SqliteOutboxStore(SqliteDatabase database) : IOutboxStore
{
    private readonly SqliteDatabase _database = database ?? throw new ArgumentNullException(nameof(database));

    private const string ReadUnpublishedSql =
        $"SELECT {RowReader.EventColumns} FROM outbox JOIN events USING (position) ORDER BY position LIMIT $limit;";

    private const string MarkPublishedSql =
        "DELETE FROM outbox WHERE position = (SELECT position FROM events WHERE stream_id = $stream AND version = $version);";

    private const string DeadLetterSql = """
        DELETE FROM outbox WHERE position = (SELECT position FROM events WHERE stream_id = $stream AND version = $version);
        INSERT INTO outbox_dead_letters (stream_id, version, reason, dead_lettered_ticks) VALUES ($stream, $version, $reason, $ticks)
        ON CONFLICT (stream_id, version) DO UPDATE SET reason = excluded.reason, dead_lettered_ticks = excluded.dead_lettered_ticks;
        """;

    private const string ReadDeadLettersSql =
        "SELECT stream_id, version, reason, dead_lettered_ticks FROM outbox_dead_letters ORDER BY dead_lettered_ticks LIMIT $limit;";

    /// <inheritdoc/>
    /// <remarks>Events come in the order they were appended, across streams.</remarks>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="maxCount"/> is not positive.</exception>
    /// <exception cref="StoredDataException">A stored row cannot be read.</exception>
    public async Task<IReadOnlyList<StoredEvent>> ReadUnpublishedAsync(int maxCount, CancellationToken cancellationToken = default)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(maxCount);
        var unpublished = new List<StoredEvent>();
        await foreach (var row in _database.QueryAsync(ReadUnpublishedSql, cancellationToken, ("$limit", maxCount)).ConfigureAwait(false))
        {
            unpublished.Add(RowReader.ReadEvent(row));
        }

        return unpublished;
    }

    /// <inheritdoc/>
    public async Task MarkPublishedAsync(IReadOnlyList<StoredEvent> events, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(events);
        if (events.Count == 0)
        {
            return;
        }

        await _database.Writer.WriteAsync(
            async connection =>
            {
                using var delete = Command(connection, MarkPublishedSql);
                var stream = delete.Parameters.Add("$stream", SqliteType.Text);
                var version = delete.Parameters.Add("$version", SqliteType.Integer);
                foreach (var published in events)
                {
                    stream.Value = published.StreamId;
                    version.Value = published.Version;
                    await delete.ExecuteNonQueryAsync().ConfigureAwait(false);
                }
            },
            cancellationToken).ConfigureAwait(false);
    }

    /// <inheritdoc/>
    public Task DeadLetterAsync(StreamPosition position, string reason, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(reason);
        return _database.Writer.WriteAsync(
            async connection =>
            {
                using var deadLetter = Command(
                    connection,
                    DeadLetterSql,
                    ("$stream", position.StreamId),
                    ("$version", position.Version),
                    ("$reason", reason),
                    ("$ticks", _database.Clock.GetUtcNow().UtcTicks));
                await deadLetter.ExecuteNonQueryAsync().ConfigureAwait(false);
            },
            cancellationToken);
    }

    /// <inheritdoc/>
    /// <exception cref="StoredDataException">A stored row cannot be read.</exception>
    public async Task<IReadOnlyList<OutboxDeadLetter>> ReadDeadLettersAsync(int maxCount, CancellationToken cancellationToken = default)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(maxCount);
        var deadLetters = new List<OutboxDeadLetter>();
        await foreach (var row in _database.QueryAsync(ReadDeadLettersSql, cancellationToken, ("$limit", maxCount)).ConfigureAwait(false))
        {
            deadLetters.Add(RowReader.ReadDeadLetter(row));
        }

        return deadLetters;
    }
}
