using System.Collections.Concurrent;
using System.Text;
using Azure;
using Azure.Data.Tables;

namespace Cqrs.EventSourcing.AzureTables;

/// <summary>
/// Sagas and their timeouts in Azure Table Storage, in the sagas table, laid out as <see cref="SagaRows"/> says: a saga, its timeouts and the
/// index rows that find it all live in one of <see cref="SagaRows.Shards"/> partitions, so a save is one entity-group
/// transaction (all or nothing), and the scheduler, the outbox sweep and the purge each read with one range query per
/// partition, never a scan of the table.
/// </summary>
/// <remarks>
/// Optimistic concurrency: a save reads the saga row and replaces it only if its ETag is unchanged (a first save adds
/// it, which fails if it exists), in the transaction that writes the timeouts and index rows; so of two saves expecting
/// one version, one wins and the other throws <see cref="ConcurrencyException"/>, writing nothing. Limits of Table
/// Storage show as limits of a save, refused before anything is written: a saga's data is split over up to
/// <see cref="SagaRows.MaxDataParts"/> binary properties of <see cref="AzureTableEventStore.MaxPayloadBytes"/> (at most
/// <see cref="MaxSagaDataBytes"/>, within the 1 MiB entity), at most <see cref="MaxTimeoutsPerSave"/> timeouts (two rows
/// each, within the 100 of a transaction), each body at most <see cref="AzureTableEventStore.MaxPayloadBytes"/>, and data and bodies together
/// at most <see cref="AzureTableEventStore.MaxAppendBytes"/> (within the 4 MiB of a transaction). Thread-safe.
/// </remarks>
/// <param name="storage">The tables, which the store shares with the other stores of the account and prefix.</param>
public sealed partial class AzureTableSagaStore(AzureTableStorage storage) : ISagaStore
{
    /// <summary>The largest saga data (state, remembered message ids and pending messages), in bytes: 15 binary properties of 64 KiB in one entity.</summary>
    public const int MaxSagaDataBytes = SagaRows.MaxDataParts * AzureTableEventStore.MaxPayloadBytes;

    /// <summary>The most timeouts one save stores: each takes two rows, and the saga row and two index rows take three of the transaction's 100.</summary>
    public const int MaxTimeoutsPerSave = (TableClientExtensions.MaxTransactionActions - 3) / 2;

    /// <summary>How many timeout locations <see cref="_timeoutRows"/> keeps at most before it starts again.</summary>
    private const int MaxRememberedTimeouts = 10_000;

    /// <summary>
    /// Where the timeouts this store read are, by id: <see cref="DeleteTimeoutAsync"/> gets only the id, and the
    /// timeout's rows are in its saga's partition and keyed by due time. One not here is looked for in every partition.
    /// </summary>
    private readonly ConcurrentDictionary<Guid, (string Partition, string DueKey, string TimeoutKey)> _timeoutRows = new();

    private readonly AzureTableStorage _storage = storage ?? throw new ArgumentNullException(nameof(storage));

    /// <inheritdoc/>
    /// <exception cref="ArgumentException">The type and id are too long to be a key.</exception>
    /// <exception cref="StoredDataException">The saga's row cannot be read.</exception>
    public async Task<SagaRecord?> LoadSagaAsync(string sagaType, string sagaId, CancellationToken cancellationToken = default)
    {
        SagaRows.ThrowIfInvalid(sagaType, sagaId);
        var table = await _storage.Sagas.GetAsync(cancellationToken).ConfigureAwait(false);
        var row = await table.FindAsync(SagaRows.PartitionOf(sagaType, sagaId), SagaRows.SagaKey(sagaType, sagaId), cancellationToken).ConfigureAwait(false);
        return row is null ? null : SagaRows.ToSagaRecord(row);
    }

    /// <inheritdoc/>
    /// <exception cref="ArgumentException">The save breaks a limit of Table Storage (see the remarks), or a timeout is not the saga's.</exception>
    public async Task SaveSagaAsync(SagaRecord record, long expectedVersion, IReadOnlyList<SagaTimeoutRecord> timeouts, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(record);
        ArgumentNullException.ThrowIfNull(timeouts);
        SagaRows.ThrowIfInvalid(record.SagaType, record.SagaId);
        ThrowIfOverLimits(record, timeouts);
        var table = await _storage.Sagas.GetAsync(cancellationToken).ConfigureAwait(false);
        var partition = SagaRows.PartitionOf(record.SagaType, record.SagaId);
        var sagaKey = SagaRows.SagaKey(record.SagaType, record.SagaId);

        // A first save needs no read: adding the row fails if the saga exists after all.
        var current = expectedVersion == 0 ? null : await table.FindAsync(partition, sagaKey, cancellationToken).ConfigureAwait(false);
        var currentRecord = current is null ? null : SagaRows.ToSagaRecord(current);
        if ((currentRecord?.Version ?? 0) != expectedVersion)
        {
            throw new ConcurrencyException($"{record.SagaType}-{record.SagaId}", ExpectedVersion.Exactly(expectedVersion), currentRecord?.Version ?? 0);
        }

        var actions = SaveActions(record, current, currentRecord, timeouts);
        try
        {
            await table.SubmitTransactionAsync(actions, cancellationToken).ConfigureAwait(false);
        }
        catch (TableTransactionFailedException exception) when (exception.Status is 409 or 412)
        {
            // Another save moved the saga since it was read (or added it first).
            var now = await table.FindAsync(partition, sagaKey, cancellationToken).ConfigureAwait(false);
            var actual = now is null ? 0 : SagaRows.ToSagaRecord(now).Version;
            if (actual == expectedVersion && now?.ETag == current?.ETag)
            {
                // The saga did not move, so the conflict is with rows it does not account for (a timeout id stored twice).
                throw;
            }

            throw new ConcurrencyException($"{record.SagaType}-{record.SagaId}", ExpectedVersion.Exactly(expectedVersion), actual);
        }
    }

    /// <summary>
    /// The transaction of a save: the saga row (added, or replaced on the ETag read), the index rows its new state
    /// adds or drops, and two rows per timeout.
    /// </summary>
    private List<TableTransactionAction> SaveActions(SagaRecord record, TableEntity? current, SagaRecord? currentRecord, IReadOnlyList<SagaTimeoutRecord> timeouts)
    {
        var partition = SagaRows.PartitionOf(record.SagaType, record.SagaId);
        long? completedTicks = !record.Completed ? null : (record.CompletedAt ?? currentRecord?.CompletedAt ?? _storage.Clock.GetUtcNow()).UtcTicks;
        var saga = SagaRows.Saga(record, completedTicks, AzureTableEventStore.MaxPayloadBytes);
        var actions = new List<TableTransactionAction>(3 + (2 * timeouts.Count))
        {
            current is null
                ? new TableTransactionAction(TableTransactionActionType.Add, saga)
                : new TableTransactionAction(TableTransactionActionType.UpdateReplace, saga, current.ETag),
        };

        // The index rows follow the saga row's flags, which only change in transactions like this one: they agree.
        var pendingKey = SagaRows.PendingKey(record.SagaType, record.SagaId);
        var wasPending = currentRecord?.HasPending ?? false;
        if (record.HasPending && !wasPending)
        {
            actions.Add(new TableTransactionAction(TableTransactionActionType.UpsertReplace, SagaRows.Index(partition, pendingKey, record.SagaType, record.SagaId)));
        }
        else if (!record.HasPending && wasPending)
        {
            actions.Add(new TableTransactionAction(TableTransactionActionType.Delete, new TableEntity(partition, pendingKey), ETag.All));
        }

        var oldCompletedKey = currentRecord is null
            ? null
            : SagaRows.CompletedKeyOf(record.SagaType, record.SagaId, currentRecord.Completed, currentRecord.HasPending, currentRecord.CompletedAt?.UtcTicks);
        var newCompletedKey = SagaRows.CompletedKeyOf(record.SagaType, record.SagaId, record.Completed, record.HasPending, completedTicks);
        if (oldCompletedKey != newCompletedKey)
        {
            if (oldCompletedKey is not null)
            {
                actions.Add(new TableTransactionAction(TableTransactionActionType.Delete, new TableEntity(partition, oldCompletedKey), ETag.All));
            }

            if (newCompletedKey is not null)
            {
                actions.Add(new TableTransactionAction(TableTransactionActionType.UpsertReplace, SagaRows.Index(partition, newCompletedKey, record.SagaType, record.SagaId)));
            }
        }

        foreach (var timeout in timeouts)
        {
            actions.Add(new TableTransactionAction(TableTransactionActionType.Add, SagaRows.Due(timeout)));
            actions.Add(new TableTransactionAction(TableTransactionActionType.Add, SagaRows.TimeoutOfSaga(timeout)));
        }

        return actions;
    }

    /// <summary>Up to <paramref name="maxCount"/> rows of each partition that <paramref name="filter"/> selects there, queried side by side.</summary>
    private static async Task<List<TableEntity>> QueryPartitionsAsync(
        TableClient table, Func<string, string> filter, int maxCount, IEnumerable<string>? select, CancellationToken cancellationToken)
    {
        var selected = select?.ToList();
        var perPartition = await Task.WhenAll(SagaRows.Partitions.Select(async partition =>
        {
            var rows = new List<TableEntity>();
            await foreach (var row in table.QueryAsync<TableEntity>(filter(partition), maxPerPage: Math.Min(maxCount, 1_000), select: selected, cancellationToken: cancellationToken).ConfigureAwait(false))
            {
                rows.Add(row);
                if (rows.Count == maxCount)
                {
                    break;
                }
            }

            return rows;
        })).ConfigureAwait(false);
        return [.. perPartition.SelectMany(rows => rows)];
    }

    /// <exception cref="ArgumentException">The save breaks a limit of Table Storage, or a timeout is not the saga's.</exception>
    private static void ThrowIfOverLimits(SagaRecord record, IReadOnlyList<SagaTimeoutRecord> timeouts)
    {
        var saga = $"{record.SagaType} '{record.SagaId}'";
        if (record.Data.Length > MaxSagaDataBytes)
        {
            throw new ArgumentException(
                $"Saga {saga} has {record.Data.Length} bytes of data (state, remembered message ids and pending messages); Azure Table Storage keeps at most {MaxSagaDataBytes} bytes of it (one entity). Keep less state, or remember fewer messages.",
                nameof(record));
        }

        if (timeouts.Count > MaxTimeoutsPerSave)
        {
            throw new ArgumentException(
                $"A save of saga {saga} to Azure Table Storage stores at most {MaxTimeoutsPerSave} timeouts (one transaction of at most 100 rows); this one stores {timeouts.Count}.",
                nameof(timeouts));
        }

        long bytes = record.Data.Length;
        foreach (var timeout in timeouts)
        {
            if (timeout.SagaType != record.SagaType || timeout.SagaId != record.SagaId)
            {
                throw new ArgumentException($"Timeout {timeout.TimeoutId} is for saga {timeout.SagaType} '{timeout.SagaId}', not for saga {saga}, which is being saved.", nameof(timeouts));
            }

            if (timeout.Body.Length > AzureTableEventStore.MaxPayloadBytes)
            {
                throw new ArgumentException(
                    $"Timeout {timeout.WireName} of saga {saga} has a body of {timeout.Body.Length} bytes; Azure Table Storage holds at most {AzureTableEventStore.MaxPayloadBytes} bytes in a property.",
                    nameof(timeouts));
            }

            bytes += timeout.Body.Length + Encoding.UTF8.GetByteCount(timeout.WireName);
        }

        if (bytes > AzureTableEventStore.MaxAppendBytes)
        {
            throw new ArgumentException(
                $"A save of saga {saga} to Azure Table Storage holds at most {AzureTableEventStore.MaxAppendBytes} bytes of data and timeouts (a transaction is at most 4 MiB); this one holds {bytes}.",
                nameof(record));
        }
    }
}
