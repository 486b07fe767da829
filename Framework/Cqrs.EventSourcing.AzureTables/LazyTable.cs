using Azure.Data.Tables;

namespace Cqrs.EventSourcing.AzureTables;

/// <summary>A table that is created the first time it is used. Thread-safe: a failed creation is tried again next time.</summary>
internal sealed class LazyTable(TableClient table)
{
    private Task? _created;

    public async Task<TableClient> GetAsync(CancellationToken cancellationToken)
    {
        var created = _created ??= table.CreateIfNotExistsAsync(CancellationToken.None);
        try
        {
            await created.WaitAsync(cancellationToken).ConfigureAwait(false);
        }
        catch when (created.IsFaulted)
        {
            _ = Interlocked.CompareExchange(ref _created, null, created);
            throw;
        }

        return table;
    }
}
