using Azure.Data.Tables;

namespace Cqrs.EventSourcing.AzureTables;

/// <summary>The inbox in Azure Table Storage: a row per handler (partition) and message id (row). Thread-safe.</summary>
/// <param name="storage">The tables, which the store shares with the other stores of the account and prefix.</param>
public sealed class AzureTableInboxStore(AzureTableStorage storage) : IInboxStore
{
    private readonly AzureTableStorage _storage = storage ?? throw new ArgumentNullException(nameof(storage));

    /// <inheritdoc/>
    public async Task<bool> HasHandledAsync(string handler, Guid messageId, CancellationToken cancellationToken = default)
    {
        var table = await _storage.Inbox.GetAsync(cancellationToken).ConfigureAwait(false);
        return await table.FindAsync(AzureTableStorage.NameKey(handler), MessageKey(messageId), cancellationToken).ConfigureAwait(false) is not null;
    }

    /// <inheritdoc/>
    public async Task MarkHandledAsync(string handler, Guid messageId, CancellationToken cancellationToken = default)
    {
        var table = await _storage.Inbox.GetAsync(cancellationToken).ConfigureAwait(false);
        await table.UpsertAsync(new TableEntity(AzureTableStorage.NameKey(handler), MessageKey(messageId)), cancellationToken).ConfigureAwait(false);
    }

    /// <inheritdoc/>
    /// <remarks>A record's age is its row's <c>Timestamp</c>, set by the service when the row was written. The purge scans the inbox table.</remarks>
    public async Task<int> PurgeHandledAsync(DateTimeOffset handledBefore, CancellationToken cancellationToken = default)
    {
        var table = await _storage.Inbox.GetAsync(cancellationToken).ConfigureAwait(false);
        var expired = new List<(string Partition, string Row)>();
        var filter = TableClient.CreateQueryFilter($"Timestamp lt {handledBefore}");
        await foreach (var row in table.QueryAsync<TableEntity>(filter, select: ["PartitionKey", "RowKey"], cancellationToken: cancellationToken).ConfigureAwait(false))
        {
            expired.Add((row.PartitionKey, row.RowKey));
        }

        foreach (var handler in expired.GroupBy(record => record.Partition, StringComparer.Ordinal))
        {
            await table.DeleteExistingAsync(handler.Key, handler.Select(record => record.Row), cancellationToken).ConfigureAwait(false);
        }

        return expired.Count;
    }

    private static string MessageKey(Guid messageId) => messageId.ToString("N");
}
