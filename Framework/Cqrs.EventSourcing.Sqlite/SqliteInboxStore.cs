using static Cqrs.EventSourcing.Sqlite.SqliteDatabase;

namespace Cqrs.EventSourcing.Sqlite;

/// <summary>
/// The inbox in the SQLite file: which handler has handled which message, and the claims under way. Each claim is a
/// write, so it holds the file's write lock: processes that share the file claim one at a time. Thread-safe.
/// </summary>
/// <param name="database">The file, whose writer and clock the store shares with the other stores of the file.</param>
public sealed class SqliteInboxStore(SqliteDatabase database) : IInboxStore
{
    private readonly SqliteDatabase _database = database ?? throw new ArgumentNullException(nameof(database));

    private const string HasHandledSql = "SELECT EXISTS (SELECT 1 FROM inbox WHERE handler = $handler AND message_id = $message_id);";

    // Takes the message unless another claimant holds it for a lease not yet run out; 0 rows changed means it does.
    private const string ClaimSql = """
        INSERT INTO inbox_claims (handler, message_id, claimant, lease_until_ticks) VALUES ($handler, $message_id, $claimant, $until)
        ON CONFLICT (handler, message_id) DO UPDATE SET claimant = excluded.claimant, lease_until_ticks = excluded.lease_until_ticks
        WHERE claimant = excluded.claimant OR lease_until_ticks <= $now;
        """;

    private const string ReleaseSql = "DELETE FROM inbox_claims WHERE handler = $handler AND message_id = $message_id AND claimant = $claimant;";

    private const string MarkHandledSql = """
        INSERT INTO inbox (handler, message_id, handled_ticks) VALUES ($handler, $message_id, $handled_ticks) ON CONFLICT DO NOTHING;
        DELETE FROM inbox_claims WHERE handler = $handler AND message_id = $message_id;
        """;

    private const string PurgeHandledSql = "DELETE FROM inbox WHERE handled_ticks < $before;";

    private const string PurgeClaimsSql = "DELETE FROM inbox_claims WHERE lease_until_ticks < $before;";

    /// <inheritdoc/>
    public async Task<InboxClaim> ClaimAsync(string handler, Guid messageId, Guid claimant, TimeSpan lease, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(handler);
        ArgumentOutOfRangeException.ThrowIfLessThanOrEqual(lease, TimeSpan.Zero);
        var claim = InboxClaim.HeldElsewhere;
        await _database.Writer.WriteAsync(
            async connection =>
            {
                var message = Blobs.FromId(messageId);
                using (var handled = Command(connection, HasHandledSql, ("$handler", handler), ("$message_id", message)))
                {
                    if (await handled.ExecuteScalarAsync().ConfigureAwait(false) is 1L)
                    {
                        claim = InboxClaim.Handled;
                        return;
                    }
                }

                var now = _database.Clock.GetUtcNow();
                using var take = Command(
                    connection,
                    ClaimSql,
                    ("$handler", handler),
                    ("$message_id", message),
                    ("$claimant", Blobs.FromId(claimant)),
                    ("$until", (now + lease).UtcTicks),
                    ("$now", now.UtcTicks));
                claim = await take.ExecuteNonQueryAsync().ConfigureAwait(false) == 1 ? InboxClaim.Claimed : InboxClaim.HeldElsewhere;
            },
            cancellationToken).ConfigureAwait(false);
        return claim;
    }

    /// <inheritdoc/>
    public Task ReleaseClaimAsync(string handler, Guid messageId, Guid claimant, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(handler);
        return WriteAsync(ReleaseSql, cancellationToken, ("$handler", handler), ("$message_id", Blobs.FromId(messageId)), ("$claimant", Blobs.FromId(claimant)));
    }

    /// <inheritdoc/>
    public Task MarkHandledAsync(string handler, Guid messageId, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(handler);
        return WriteAsync(
            MarkHandledSql, cancellationToken, ("$handler", handler), ("$message_id", Blobs.FromId(messageId)), ("$handled_ticks", _database.Clock.GetUtcNow().UtcTicks));
    }

    /// <inheritdoc/>
    public async Task<int> PurgeHandledAsync(DateTimeOffset handledBefore, CancellationToken cancellationToken = default)
    {
        var purged = 0;
        await _database.Writer.WriteAsync(
            async connection =>
            {
                using var purge = Command(connection, PurgeHandledSql, ("$before", handledBefore.UtcTicks));
                using var purgeClaims = Command(connection, PurgeClaimsSql, ("$before", handledBefore.UtcTicks));
                purged = await purge.ExecuteNonQueryAsync().ConfigureAwait(false) + await purgeClaims.ExecuteNonQueryAsync().ConfigureAwait(false);
            },
            cancellationToken).ConfigureAwait(false);
        return purged;
    }

    private Task WriteAsync(string sql, CancellationToken cancellationToken, params (string Name, object Value)[] parameters) =>
        _database.Writer.WriteAsync(
            async connection =>
            {
                using var write = Command(connection, sql, parameters);
                await write.ExecuteNonQueryAsync().ConfigureAwait(false);
            },
            cancellationToken);
}
