namespace Cqrs.EventSourcing.Sqlite;

/// <summary>The inbox: which handler has handled which message.</summary>
public sealed partial class SqliteEventStore
{
    private const string HasHandledSql = "SELECT EXISTS (SELECT 1 FROM inbox WHERE handler = $handler AND message_id = $message_id);";

    private const string MarkHandledSql = "INSERT INTO inbox (handler, message_id) VALUES ($handler, $message_id) ON CONFLICT DO NOTHING;";

    /// <inheritdoc/>
    public async Task<bool> HasHandledAsync(string handler, Guid messageId, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(handler);
        await using var connection = await OpenAsync(cancellationToken);
        await using var query = Command(connection, HasHandledSql, ("$handler", handler), ("$message_id", Blobs.FromId(messageId)));
        return await query.ExecuteScalarAsync(cancellationToken) is 1L;
    }

    /// <inheritdoc/>
    public Task MarkHandledAsync(string handler, Guid messageId, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(handler);
        return _writer.WriteAsync(
            async connection =>
            {
                await using var mark = Command(connection, MarkHandledSql, ("$handler", handler), ("$message_id", Blobs.FromId(messageId)));
                await mark.ExecuteNonQueryAsync();
            },
            cancellationToken);
    }
}
