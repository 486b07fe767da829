using System.Diagnostics.CodeAnalysis;
using Azure;
using Azure.Data.Tables;

namespace Cqrs.EventSourcing.AzureTables;

/// <summary>
/// Row operations that keep keys out of the URL path. The service decodes the path twice, so point reads,
/// updates and deletes of keys holding '%' (which stream ids may hold) miss or fail; queries, inserts and
/// transactions carry keys in the query string or the body and are not affected.
/// </summary>
internal static class TableClientExtensions
{
    /// <summary>A transaction holds at most this many operations.</summary>
    public const int MaxTransactionActions = 100;

    /// <summary>The row with these keys, or null.</summary>
    public static async Task<TableEntity?> FindAsync(this TableClient table, string partitionKey, string rowKey, CancellationToken cancellationToken)
    {
        var filter = TableClient.CreateQueryFilter($"PartitionKey eq {partitionKey} and RowKey eq {rowKey}");
        await foreach (var row in table.QueryAsync<TableEntity>(filter, maxPerPage: 1, cancellationToken: cancellationToken).ConfigureAwait(false))
        {
            return row;
        }

        return null;
    }

    /// <summary>Inserts <paramref name="row"/> or replaces the row with its keys.</summary>
    public static Task UpsertAsync(this TableClient table, TableEntity row, CancellationToken cancellationToken) =>
        table.SubmitTransactionAsync([new TableTransactionAction(TableTransactionActionType.UpsertReplace, row)], cancellationToken);

    /// <summary>Deletes those of the rows of one partition that exist, up to <see cref="MaxTransactionActions"/> per transaction.</summary>
    public static async Task DeleteExistingAsync(this TableClient table, string partitionKey, IEnumerable<string> rowKeys, CancellationToken cancellationToken)
    {
        foreach (var chunk in rowKeys.Distinct(StringComparer.Ordinal).Chunk(MaxTransactionActions))
        {
            var deletes = chunk.Select(rowKey => new TableTransactionAction(TableTransactionActionType.Delete, new TableEntity(partitionKey, rowKey), ETag.All)).ToList();
            while (deletes.Count > 0)
            {
                try
                {
                    await table.SubmitTransactionAsync(deletes, cancellationToken).ConfigureAwait(false);
                    deletes.Clear();
                }
                catch (TableTransactionFailedException exception) when (exception.Status == 404 && exception.FailedTransactionActionIndex is { } missing)
                {
                    // That row is gone already (deleted by another caller): delete the others.
                    deletes.RemoveAt(missing);
                }
            }
        }
    }

    /// <summary>True when <paramref name="row"/> has <paramref name="property"/> and it holds a <typeparamref name="T"/>.</summary>
    public static bool TryGet<T>(this TableEntity row, string property, [MaybeNullWhen(false)] out T value)
    {
        if (row.TryGetValue(property, out var stored) && stored is T typed)
        {
            value = typed;
            return true;
        }

        value = default;
        return false;
    }
}
