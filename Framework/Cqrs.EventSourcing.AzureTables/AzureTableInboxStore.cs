using Azure.Data.Tables;

namespace Cqrs.EventSourcing.AzureTables;

/// <summary>
/// The inbox in Azure Table Storage: a row per handler (partition) and message id (row). A row with a claimant is a claim
/// under way, taken by an insert or by an update conditional on the row's ETag, so that of two instances claiming at once
/// one wins; a row without is the handled record (as every row written before claims existed is). Thread-safe.
/// </summary>
/// <param name="storage">The tables, which the store shares with the other stores of the account and prefix; its clock times the claims.</param>
public sealed class AzureTableInboxStore(AzureTableStorage storage) : IInboxStore
{
    private const string ClaimantProperty = "Claimant";
    private const string LeaseUntilProperty = "LeaseUntil";

    private readonly AzureTableStorage _storage = storage ?? throw new ArgumentNullException(nameof(storage));

    /// <inheritdoc/>
    public async Task<InboxClaim> ClaimAsync(string handler, Guid messageId, Guid claimant, TimeSpan lease, CancellationToken cancellationToken = default)
    {
        ArgumentOutOfRangeException.ThrowIfLessThanOrEqual(lease, TimeSpan.Zero);
        var table = await _storage.Inbox.GetAsync(cancellationToken).ConfigureAwait(false);
        var (partition, rowKey) = (AzureTableStorage.NameKey(handler), MessageKey(messageId));
        while (true)
        {
            var existing = await table.FindAsync(partition, rowKey, cancellationToken).ConfigureAwait(false);
            var now = _storage.Clock.GetUtcNow();
            if (existing is not null)
            {
                if (!existing.TryGet<Guid>(ClaimantProperty, out var holder))
                {
                    return InboxClaim.Handled;
                }

                if (holder != claimant && existing.TryGet<DateTimeOffset>(LeaseUntilProperty, out var until) && until > now)
                {
                    return InboxClaim.HeldElsewhere;
                }
            }

            var claim = new TableEntity(partition, rowKey) { [ClaimantProperty] = claimant, [LeaseUntilProperty] = now + lease };
            var write = existing is null
                ? new TableTransactionAction(TableTransactionActionType.Add, claim)
                : new TableTransactionAction(TableTransactionActionType.UpdateReplace, claim, existing.ETag);
            try
            {
                await table.SubmitTransactionAsync([write], cancellationToken).ConfigureAwait(false);
                return InboxClaim.Claimed;
            }
            catch (TableTransactionFailedException exception) when (exception.Status is 409 or 412)
            {
                // Another instance claimed or recorded the message meanwhile: look again.
            }
        }
    }

    /// <inheritdoc/>
    public async Task ReleaseClaimAsync(string handler, Guid messageId, Guid claimant, CancellationToken cancellationToken = default)
    {
        var table = await _storage.Inbox.GetAsync(cancellationToken).ConfigureAwait(false);
        var existing = await table.FindAsync(AzureTableStorage.NameKey(handler), MessageKey(messageId), cancellationToken).ConfigureAwait(false);
        if (existing is null || !existing.TryGet<Guid>(ClaimantProperty, out var holder) || holder != claimant)
        {
            return;
        }

        try
        {
            await table.SubmitTransactionAsync([new TableTransactionAction(TableTransactionActionType.Delete, existing, existing.ETag)], cancellationToken).ConfigureAwait(false);
        }
        catch (TableTransactionFailedException exception) when (exception.Status is 404 or 412)
        {
            // The claim passed to another claimant, or became the record, meanwhile: it is not ours to drop.
        }
    }

    /// <inheritdoc/>
    public async Task MarkHandledAsync(string handler, Guid messageId, CancellationToken cancellationToken = default)
    {
        var table = await _storage.Inbox.GetAsync(cancellationToken).ConfigureAwait(false);
        await table.UpsertAsync(new TableEntity(AzureTableStorage.NameKey(handler), MessageKey(messageId)), cancellationToken).ConfigureAwait(false);
    }

    /// <inheritdoc/>
    /// <remarks>
    /// A record's age, and a claim's, is its row's <c>Timestamp</c>, set by the service when the row was last written (a
    /// claim's lease runs out after that). The purge scans the inbox table.
    /// </remarks>
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
