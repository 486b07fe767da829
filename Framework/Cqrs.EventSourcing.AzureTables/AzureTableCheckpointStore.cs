using Azure.Data.Tables;

namespace Cqrs.EventSourcing.AzureTables;

/// <summary>Projection checkpoints in Azure Table Storage: a row per projection (partition) and stream (row), holding the version applied. Thread-safe.</summary>
/// <param name="storage">The tables, which the store shares with the other stores of the account and prefix.</param>
public sealed class AzureTableCheckpointStore(AzureTableStorage storage) : ICheckpointStore
{
    private readonly AzureTableStorage _storage = storage ?? throw new ArgumentNullException(nameof(storage));

    private const string CheckpointVersionProperty = "Version";

    /// <inheritdoc/>
    /// <exception cref="StoredDataException">The checkpoint row cannot be read.</exception>
    public async Task<long> GetCheckpointAsync(string projection, string streamId, CancellationToken cancellationToken = default)
    {
        StreamIds.ThrowIfInvalid(streamId);
        var table = await _storage.Checkpoints.GetAsync(cancellationToken).ConfigureAwait(false);
        var row = await table.FindAsync(AzureTableStorage.NameKey(projection), streamId, cancellationToken).ConfigureAwait(false);
        return row is null ? 0
            : row.TryGet<long>(CheckpointVersionProperty, out var version) ? version
            : throw new StoredDataException(new StreamPosition(streamId, 0), $"the checkpoint of projection '{projection}' has no {CheckpointVersionProperty} of type Int64.");
    }

    /// <inheritdoc/>
    public async Task SetCheckpointAsync(string projection, string streamId, long version, CancellationToken cancellationToken = default)
    {
        StreamIds.ThrowIfInvalid(streamId);
        var table = await _storage.Checkpoints.GetAsync(cancellationToken).ConfigureAwait(false);
        var row = new TableEntity(AzureTableStorage.NameKey(projection), streamId) { [CheckpointVersionProperty] = version };
        await table.UpsertAsync(row, cancellationToken).ConfigureAwait(false);
    }

    /// <inheritdoc/>
    public async Task ClearCheckpointsAsync(string projection, CancellationToken cancellationToken = default)
    {
        var table = await _storage.Checkpoints.GetAsync(cancellationToken).ConfigureAwait(false);
        var partitionKey = AzureTableStorage.NameKey(projection);
        var rowKeys = new List<string>();
        var rows = table.QueryAsync<TableEntity>(TableClient.CreateQueryFilter($"PartitionKey eq {partitionKey}"), select: ["RowKey"], cancellationToken: cancellationToken);
        await foreach (var row in rows.ConfigureAwait(false))
        {
            rowKeys.Add(row.RowKey);
        }

        await table.DeleteExistingAsync(partitionKey, rowKeys, cancellationToken).ConfigureAwait(false);
    }
}
