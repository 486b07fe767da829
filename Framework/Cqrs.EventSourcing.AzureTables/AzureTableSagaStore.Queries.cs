using System.Collections.Concurrent;
using System.Text;
using Azure;
using Azure.Data.Tables;

namespace Cqrs.EventSourcing.AzureTables;

/// <summary>What the scheduler, the saga outbox's sweep and the purge read and delete: one range query per partition, never a scan.</summary>
public sealed partial class AzureTableSagaStore
{
    /// <inheritdoc/>
    /// <remarks>One range query per partition, over the due rows only; earliest first across partitions.</remarks>
    /// <exception cref="StoredDataException">A timeout row cannot be read.</exception>
    public async Task<IReadOnlyList<SagaTimeoutRecord>> ReadDueTimeoutsAsync(DateTimeOffset dueBy, int maxCount, CancellationToken cancellationToken = default)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(maxCount);
        var table = await _storage.Sagas.GetAsync(cancellationToken).ConfigureAwait(false);
        var rows = await QueryPartitionsAsync(table, partition => SagaRows.DueByFilter(partition, dueBy), maxCount, select: null, cancellationToken).ConfigureAwait(false);
        var due = rows.OrderBy(row => row.RowKey, StringComparer.Ordinal).Take(maxCount).ToList();
        if (_timeoutRows.Count + due.Count > MaxRememberedTimeouts)
        {
            _timeoutRows.Clear();
        }

        var timeouts = new List<SagaTimeoutRecord>(due.Count);
        foreach (var row in due)
        {
            var timeout = SagaRows.ToTimeout(row);
            _timeoutRows[timeout.TimeoutId] = (row.PartitionKey, row.RowKey, SagaRows.TimeoutKey(timeout.SagaType, timeout.SagaId, timeout.TimeoutId));
            timeouts.Add(timeout);
        }

        return timeouts;
    }

    /// <inheritdoc/>
    /// <remarks>The first due row after <paramref name="after"/> in each partition: one small range query each.</remarks>
    public async Task<DateTimeOffset?> NextTimeoutAfterAsync(DateTimeOffset after, CancellationToken cancellationToken = default)
    {
        var table = await _storage.Sagas.GetAsync(cancellationToken).ConfigureAwait(false);
        var rows = await QueryPartitionsAsync(table, partition => SagaRows.DueAfterFilter(partition, after), 1, select: ["RowKey", SagaRows.DueTicksProperty], cancellationToken).ConfigureAwait(false);
        return rows.Count == 0 ? null : rows.Select(row => new DateTimeOffset(row.GetInt64(SagaRows.DueTicksProperty) ?? long.MaxValue, TimeSpan.Zero)).Min();
    }

    /// <inheritdoc/>
    /// <remarks>
    /// Deletes the timeout's due row and its row by saga in one transaction. Where they are is known for the timeouts
    /// this store read; another's is looked for among the due rows of every partition.
    /// </remarks>
    public async Task DeleteTimeoutAsync(Guid timeoutId, CancellationToken cancellationToken = default)
    {
        var table = await _storage.Sagas.GetAsync(cancellationToken).ConfigureAwait(false);
        if (!_timeoutRows.TryRemove(timeoutId, out var rows))
        {
            var found = await QueryPartitionsAsync(
                table, partition => SagaRows.DueRowOfFilter(partition, timeoutId), 1, select: ["PartitionKey", "RowKey", SagaRows.SagaTypeProperty, SagaRows.SagaIdProperty], cancellationToken).ConfigureAwait(false);
            if (found.Count == 0)
            {
                return;
            }

            var row = found[0];
            var (sagaType, sagaId) = SagaRows.SagaOf(row);
            rows = (row.PartitionKey, row.RowKey, SagaRows.TimeoutKey(sagaType, sagaId, timeoutId));
        }

        await table.DeleteExistingAsync(rows.Partition, [rows.DueKey, rows.TimeoutKey], cancellationToken).ConfigureAwait(false);
    }

    /// <inheritdoc/>
    /// <remarks>
    /// Reads the pending-index rows, one range query per partition, then each saga they name. A saga forgotten between
    /// the two reads is dropped, and its index row went with it in one transaction, so when every saga named was dropped
    /// it reads again: a read comes back empty only when nothing is pending (or only index rows it dropped already remain).
    /// </remarks>
    /// <exception cref="StoredDataException">A saga's row cannot be read.</exception>
    public async Task<IReadOnlyList<SagaRecord>> ReadSagasWithPendingAsync(int maxCount, CancellationToken cancellationToken = default)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(maxCount);
        var table = await _storage.Sagas.GetAsync(cancellationToken).ConfigureAwait(false);
        var dropped = new HashSet<string>(StringComparer.Ordinal);
        while (true)
        {
            var droppedBefore = dropped.Count;
            var index = await QueryPartitionsAsync(table, SagaRows.PendingFilter, maxCount, select: [SagaRows.SagaTypeProperty, SagaRows.SagaIdProperty], cancellationToken).ConfigureAwait(false);
            var sagas = await ReadPendingSagasAsync(table, index.Take(maxCount), dropped, cancellationToken).ConfigureAwait(false);
            if (sagas.Count > 0 || dropped.Count == droppedBefore)
            {
                return sagas;
            }
        }
    }

    /// <summary>The sagas the pending-index rows name that still hold pending messages; the keys of the other rows go to <paramref name="dropped"/>.</summary>
    private static async Task<List<SagaRecord>> ReadPendingSagasAsync(TableClient table, IEnumerable<TableEntity> index, HashSet<string> dropped, CancellationToken cancellationToken)
    {
        var sagas = new List<SagaRecord>();
        foreach (var entry in index)
        {
            var (sagaType, sagaId) = SagaRows.SagaOf(entry);
            var row = await table.FindAsync(SagaRows.PartitionOf(sagaType, sagaId), SagaRows.SagaKey(sagaType, sagaId), cancellationToken).ConfigureAwait(false);
            if (row is not null && SagaRows.ToSagaRecord(row) is { HasPending: true } saga)
            {
                sagas.Add(saga);
            }
            else
            {
                dropped.Add(entry.RowKey);
            }
        }

        return sagas;
    }

    /// <inheritdoc/>
    /// <remarks>
    /// Reads the completed-index rows older than <paramref name="completedBefore"/>, one range query per partition, and
    /// for each saga, oldest first: deletes its timeouts (useless once it completed), then its row, on the ETag read, with
    /// its index row, in one transaction. A saga saved meanwhile is left for the next purge.
    /// </remarks>
    public async Task<int> PurgeCompletedSagasAsync(DateTimeOffset completedBefore, int maxCount, CancellationToken cancellationToken = default)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(maxCount);
        var table = await _storage.Sagas.GetAsync(cancellationToken).ConfigureAwait(false);
        var index = await QueryPartitionsAsync(
            table, partition => SagaRows.CompletedBeforeFilter(partition, completedBefore), maxCount, select: ["PartitionKey", "RowKey", SagaRows.SagaTypeProperty, SagaRows.SagaIdProperty], cancellationToken).ConfigureAwait(false);
        var purged = 0;
        foreach (var entry in index.OrderBy(entry => entry.RowKey, StringComparer.Ordinal).Take(maxCount))
        {
            if (await PurgeSagaAsync(table, entry, completedBefore, cancellationToken).ConfigureAwait(false))
            {
                purged++;
            }
        }

        return purged;
    }

    /// <summary>Deletes one completed saga, with its timeouts and index row; false when it is not there or no longer that old.</summary>
    private static async Task<bool> PurgeSagaAsync(TableClient table, TableEntity entry, DateTimeOffset completedBefore, CancellationToken cancellationToken)
    {
        var (sagaType, sagaId) = SagaRows.SagaOf(entry);
        var partition = entry.PartitionKey;
        var row = await table.FindAsync(partition, SagaRows.SagaKey(sagaType, sagaId), cancellationToken).ConfigureAwait(false);
        if (row is null
            || SagaRows.ToSagaRecord(row) is not { Completed: true, HasPending: false, CompletedAt: { } completedAt }
            || completedAt >= completedBefore)
        {
            return false;
        }

        var timeoutRows = new List<string>();
        await foreach (var timeout in table.QueryAsync<TableEntity>(SagaRows.TimeoutsOfSagaFilter(sagaType, sagaId), select: ["RowKey", SagaRows.DueKeyProperty], cancellationToken: cancellationToken).ConfigureAwait(false))
        {
            timeoutRows.Add(timeout.RowKey);
            timeoutRows.Add(SagaRows.DueKeyOf(timeout));
        }

        // A completed saga takes no more timeouts, and one of its timeouts firing would be dropped: they can go first.
        await table.DeleteExistingAsync(partition, timeoutRows, cancellationToken).ConfigureAwait(false);
        try
        {
            await table.SubmitTransactionAsync(
                [
                    new TableTransactionAction(TableTransactionActionType.Delete, row, row.ETag),
                    new TableTransactionAction(TableTransactionActionType.Delete, new TableEntity(partition, entry.RowKey), ETag.All),
                ],
                cancellationToken).ConfigureAwait(false);
            return true;
        }
        catch (TableTransactionFailedException exception) when (exception.Status is 404 or 412)
        {
            // Saved or purged meanwhile (by another process): the next purge looks again.
            return false;
        }
    }
}
