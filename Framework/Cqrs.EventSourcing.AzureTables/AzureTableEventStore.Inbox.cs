using Azure.Data.Tables;

namespace Cqrs.EventSourcing.AzureTables;

/// <summary>The inbox: a row per handler (partition) and message id (row).</summary>
public sealed partial class AzureTableEventStore
{
    /// <inheritdoc/>
    public async Task<bool> HasHandledAsync(string handler, Guid messageId, CancellationToken cancellationToken = default)
    {
        var table = await _inbox.GetAsync(cancellationToken).ConfigureAwait(false);
        return await table.FindAsync(NameKey(handler), MessageKey(messageId), cancellationToken).ConfigureAwait(false) is not null;
    }

    /// <inheritdoc/>
    public async Task MarkHandledAsync(string handler, Guid messageId, CancellationToken cancellationToken = default)
    {
        var table = await _inbox.GetAsync(cancellationToken).ConfigureAwait(false);
        await table.UpsertAsync(new TableEntity(NameKey(handler), MessageKey(messageId)), cancellationToken).ConfigureAwait(false);
    }

    private static string MessageKey(Guid messageId) => messageId.ToString("N");

    /// <summary>A handler or projection name as a key: escaped, since names may hold characters keys forbid.</summary>
    private static string NameKey(string name)
    {
        ArgumentNullException.ThrowIfNull(name);
        return Uri.EscapeDataString(name);
    }
}
