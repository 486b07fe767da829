using Azure.Data.Tables;

namespace Cqrs.EventSourcing.AzureTables;

/// <summary>Snapshots in Azure Table Storage: a row per stream (partition: the stream id), replaced only by a newer one. Thread-safe.</summary>
/// <param name="storage">The tables, which the store shares with the other stores of the account and prefix.</param>
public sealed class AzureTableSnapshotStore(AzureTableStorage storage) : ISnapshotStore
{
    private readonly AzureTableStorage _storage = storage ?? throw new ArgumentNullException(nameof(storage));

    private const string SnapshotKey = "latest";
    private const string SnapshotVersionProperty = "Version";
    private const string StateTypeProperty = "StateType";
    private const string StateProperty = "State";

    /// <inheritdoc/>
    /// <exception cref="ArgumentException">The state is over <see cref="AzureTableEventStore.MaxPayloadBytes"/>.</exception>
    public async Task SaveSnapshotAsync(string streamId, Snapshot snapshot, CancellationToken cancellationToken = default)
    {
        StreamIds.ThrowIfInvalid(streamId);
        ArgumentNullException.ThrowIfNull(snapshot);
        if (snapshot.State.Length > AzureTableEventStore.MaxPayloadBytes)
        {
            throw new ArgumentException(
                $"The snapshot of stream '{streamId}' has {snapshot.State.Length} bytes of state; Azure Table Storage holds at most {AzureTableEventStore.MaxPayloadBytes} bytes in a property.", nameof(snapshot));
        }

        var table = await _storage.Snapshots.GetAsync(cancellationToken).ConfigureAwait(false);
        var row = new TableEntity(streamId, SnapshotKey)
        {
            [SnapshotVersionProperty] = snapshot.Version,
            [StateTypeProperty] = snapshot.StateType,
            [StateProperty] = snapshot.State.ToArray(),
        };
        while (true)
        {
            var existing = await table.FindAsync(streamId, SnapshotKey, cancellationToken).ConfigureAwait(false);
            if (existing is not null && existing.TryGet<long>(SnapshotVersionProperty, out var version) && version >= snapshot.Version)
            {
                return;
            }

            // Conditional on the row read, so that a newer snapshot saved meanwhile is not overwritten.
            var write = existing is null
                ? new TableTransactionAction(TableTransactionActionType.Add, row)
                : new TableTransactionAction(TableTransactionActionType.UpdateReplace, row, existing.ETag);
            try
            {
                await table.SubmitTransactionAsync([write], cancellationToken).ConfigureAwait(false);
                return;
            }
            catch (TableTransactionFailedException exception) when (exception.Status is 409 or 412)
            {
                // Another snapshot was saved meanwhile: compare with it.
            }
        }
    }

    /// <inheritdoc/>
    /// <remarks>A snapshot row that cannot be read counts as none: a snapshot is a cache.</remarks>
    public async Task<Snapshot?> LoadSnapshotAsync(string streamId, CancellationToken cancellationToken = default)
    {
        StreamIds.ThrowIfInvalid(streamId);
        var table = await _storage.Snapshots.GetAsync(cancellationToken).ConfigureAwait(false);
        var row = await table.FindAsync(streamId, SnapshotKey, cancellationToken).ConfigureAwait(false);
        return row is not null
            && row.TryGet<long>(SnapshotVersionProperty, out var version)
            && row.TryGet<string>(StateTypeProperty, out var stateType)
            && row.TryGet<byte[]>(StateProperty, out var state)
                ? new Snapshot(version, stateType, state)
                : null;
    }
}
