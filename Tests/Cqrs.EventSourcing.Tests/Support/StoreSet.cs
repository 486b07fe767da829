using Cqrs.EventSourcing.AzureTables;
using Cqrs.EventSourcing.InMemory;
using Cqrs.EventSourcing.Sqlite;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;

namespace Cqrs.EventSourcing.Tests;

/// <summary>
/// One backend's stores as a test holds them: each contract on the backend's own class, over one storage, reached
/// through this one handle so that a contract test reads as one store's story. <see cref="RegisterIn"/> puts each
/// class in a container for its own contract, as the backend's <c>Use…Store</c> does.
/// </summary>
public sealed class StoreSet(
    object storage, IEventStore streams, IOutboxStore outbox, ISnapshotStore snapshots, IInboxStore inbox, ICheckpointStore checkpoints, ISagaStore sagas, ITransactionalProjectionStore? projections = null)
    : IEventStore, IOutboxStore, ISnapshotStore, IInboxStore, ICheckpointStore, ISagaStore
{
    /// <summary>What the stores share: an <see cref="InMemoryStorage"/>, a <see cref="SqliteDatabase"/> or an <see cref="AzureTableStorage"/>.</summary>
    public object Storage { get; } = storage;

    public static StoreSet InMemory(InMemoryStorage? storage = null, IOutboxStore? outbox = null)
    {
        storage ??= new InMemoryStorage();
        return new StoreSet(
            storage,
            new InMemoryEventStore(storage),
            outbox ?? new InMemoryOutboxStore(storage),
            new InMemorySnapshotStore(),
            new InMemoryInboxStore(storage),
            new InMemoryCheckpointStore(),
            new InMemorySagaStore(storage));
    }

    public static StoreSet Sqlite(SqliteDatabase database) => new(
        database,
        new SqliteEventStore(database),
        new SqliteOutboxStore(database),
        new SqliteSnapshotStore(database),
        new SqliteInboxStore(database),
        new SqliteCheckpointStore(database),
        new SqliteSagaStore(database),
        new SqliteProjectionStore(database));

    public static StoreSet AzureTables(AzureTableStorage tables) => new(
        tables,
        new AzureTableEventStore(tables),
        new AzureTableOutboxStore(tables),
        new AzureTableSnapshotStore(tables),
        new AzureTableInboxStore(tables),
        new AzureTableCheckpointStore(tables),
        new AzureTableSagaStore(tables));

    /// <summary>Registers each store for its contract, replacing what was chosen before.</summary>
    public void RegisterIn(IServiceCollection services)
    {
        services.Replace(ServiceDescriptor.Singleton(streams));
        services.Replace(ServiceDescriptor.Singleton(outbox));
        services.Replace(ServiceDescriptor.Singleton(snapshots));
        services.Replace(ServiceDescriptor.Singleton(inbox));
        services.Replace(ServiceDescriptor.Singleton(checkpoints));
        services.Replace(ServiceDescriptor.Singleton(sagas));
        if (projections is not null)
        {
            services.Replace(ServiceDescriptor.Singleton(projections));
        }
    }

    public Task<long> AppendAsync(string streamId, ExpectedVersion expectedVersion, IReadOnlyList<NewEvent> events, CancellationToken cancellationToken = default) =>
        streams.AppendAsync(streamId, expectedVersion, events, cancellationToken);

    public IAsyncEnumerable<StoredEvent> ReadStreamAsync(string streamId, long fromVersion = 1, CancellationToken cancellationToken = default) =>
        streams.ReadStreamAsync(streamId, fromVersion, cancellationToken);

    public IAsyncEnumerable<StoredEvent> ReadAllAsync(CancellationToken cancellationToken = default) => streams.ReadAllAsync(cancellationToken);

    public Task<IReadOnlyList<StoredEvent>> ReadUnpublishedAsync(int maxCount, CancellationToken cancellationToken = default) =>
        outbox.ReadUnpublishedAsync(maxCount, cancellationToken);

    public Task MarkPublishedAsync(IReadOnlyList<StoredEvent> events, CancellationToken cancellationToken = default) =>
        outbox.MarkPublishedAsync(events, cancellationToken);

    public Task DeadLetterAsync(StreamPosition position, string reason, CancellationToken cancellationToken = default) =>
        outbox.DeadLetterAsync(position, reason, cancellationToken);

    public Task<IReadOnlyList<OutboxDeadLetter>> ReadDeadLettersAsync(int maxCount, CancellationToken cancellationToken = default) =>
        outbox.ReadDeadLettersAsync(maxCount, cancellationToken);

    public Task SaveSnapshotAsync(string streamId, Snapshot snapshot, CancellationToken cancellationToken = default) =>
        snapshots.SaveSnapshotAsync(streamId, snapshot, cancellationToken);

    public Task<Snapshot?> LoadSnapshotAsync(string streamId, CancellationToken cancellationToken = default) =>
        snapshots.LoadSnapshotAsync(streamId, cancellationToken);

    /// <summary>
    /// Whether the inbox holds <paramref name="handler"/>'s record of <paramref name="messageId"/>, found by claiming it,
    /// which only the record refuses for good: a message not handled is left claimed, for a minute, by a claimant of its own.
    /// </summary>
    public async Task<bool> IsHandledAsync(string handler, Guid messageId) =>
        await inbox.ClaimAsync(handler, messageId, Guid.NewGuid(), TimeSpan.FromMinutes(1)) == InboxClaim.Handled;

    public Task<InboxClaim> ClaimAsync(string handler, Guid messageId, Guid claimant, TimeSpan lease, CancellationToken cancellationToken = default) =>
        inbox.ClaimAsync(handler, messageId, claimant, lease, cancellationToken);

    public Task ReleaseClaimAsync(string handler, Guid messageId, Guid claimant, CancellationToken cancellationToken = default) =>
        inbox.ReleaseClaimAsync(handler, messageId, claimant, cancellationToken);

    public Task MarkHandledAsync(string handler, Guid messageId, CancellationToken cancellationToken = default) =>
        inbox.MarkHandledAsync(handler, messageId, cancellationToken);

    public Task<int> PurgeHandledAsync(DateTimeOffset handledBefore, CancellationToken cancellationToken = default) =>
        inbox.PurgeHandledAsync(handledBefore, cancellationToken);

    public Task<long> GetCheckpointAsync(string projection, string streamId, CancellationToken cancellationToken = default) =>
        checkpoints.GetCheckpointAsync(projection, streamId, cancellationToken);

    public Task SetCheckpointAsync(string projection, string streamId, long version, CancellationToken cancellationToken = default) =>
        checkpoints.SetCheckpointAsync(projection, streamId, version, cancellationToken);

    public Task ClearCheckpointsAsync(string projection, CancellationToken cancellationToken = default) =>
        checkpoints.ClearCheckpointsAsync(projection, cancellationToken);

    public Task<SagaRecord?> LoadSagaAsync(string sagaType, string sagaId, CancellationToken cancellationToken = default) =>
        sagas.LoadSagaAsync(sagaType, sagaId, cancellationToken);

    public Task SaveSagaAsync(SagaRecord record, long expectedVersion, IReadOnlyList<SagaTimeoutRecord> timeouts, CancellationToken cancellationToken = default) =>
        sagas.SaveSagaAsync(record, expectedVersion, timeouts, cancellationToken);

    public Task<IReadOnlyList<SagaTimeoutRecord>> ReadDueTimeoutsAsync(DateTimeOffset dueBy, int maxCount, CancellationToken cancellationToken = default) =>
        sagas.ReadDueTimeoutsAsync(dueBy, maxCount, cancellationToken);

    public Task<DateTimeOffset?> NextTimeoutAfterAsync(DateTimeOffset after, CancellationToken cancellationToken = default) =>
        sagas.NextTimeoutAfterAsync(after, cancellationToken);

    public Task DeleteTimeoutAsync(Guid timeoutId, CancellationToken cancellationToken = default) => sagas.DeleteTimeoutAsync(timeoutId, cancellationToken);

    public Task<IReadOnlyList<SagaRecord>> ReadSagasWithPendingAsync(int maxCount, CancellationToken cancellationToken = default) =>
        sagas.ReadSagasWithPendingAsync(maxCount, cancellationToken);

    public Task<int> PurgeCompletedSagasAsync(DateTimeOffset completedBefore, int maxCount, CancellationToken cancellationToken = default) =>
        sagas.PurgeCompletedSagasAsync(completedBefore, maxCount, cancellationToken);
}
