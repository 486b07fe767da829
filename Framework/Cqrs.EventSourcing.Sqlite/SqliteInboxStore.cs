using static Cqrs.EventSourcing.Sqlite.SqliteDatabase;

namespace Cqrs.EventSourcing.Sqlite;

/// <summary>The inbox in the SQLite file: which handler has handled which message. Thread-safe.</summary>
/// <param name="database">The file, whose writer and clock the store shares with the other stores of the file.</param>
public sealed class SqliteInboxStore(SqliteDatabase database) : IInboxStore
{
    private readonly SqliteDatabase _database = database ?? throw new ArgumentNullException(nameof(database));

    private const string HasHandledSql = "SELECT EXISTS (SELECT 1 FROM inbox WHERE handler = $handler AND message_id = $message_id);";

    private const string MarkHandledSql =
        "INSERT INTO inbox (handler, message_id, handled_ticks) VALUES ($handler, $message_id, $handled_ticks) ON CONFLICT DO NOTHING;";

    private const string PurgeHandledSql = "DELETE FROM inbox WHERE handled_ticks < $before;";

    /// <inheritdoc/>
    public async Task<bool> HasHandledAsync(string handler, Guid messageId, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(handler);
        using var connection = await _database.OpenAsync(cancellationToken).ConfigureAwait(false);
        using var query = Command(connection, HasHandledSql, ("$handler", handler), ("$message_id", Blobs.FromId(messageId)));
        return await query.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false) is 1L;
    }

    /// <inheritdoc/>
    public Task MarkHandledAsync(string handler, Guid messageId, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(handler);
        return _database.Writer.WriteAsync(
            async connection =>
            {
                using var mark = Command(connection, MarkHandledSql, ("$handler", handler), ("$message_id", Blobs.FromId(messageId)), ("$handled_ticks", _database.Clock.GetUtcNow().UtcTicks));
                await mark.ExecuteNonQueryAsync().ConfigureAwait(false);
            },
            cancellationToken);
    }

    /// <inheritdoc/>
    public async Task<int> PurgeHandledAsync(DateTimeOffset handledBefore, CancellationToken cancellationToken = default)
    {
        var purged = 0;
        await _database.Writer.WriteAsync(
            async connection =>
            {
                using var purge = Command(connection, PurgeHandledSql, ("$before", handledBefore.UtcTicks));
                purged = await purge.ExecuteNonQueryAsync().ConfigureAwait(false);
            },
            cancellationToken).ConfigureAwait(false);
        return purged;
    }
}
