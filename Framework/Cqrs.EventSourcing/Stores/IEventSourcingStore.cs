namespace Cqrs.EventSourcing;

/// <summary>Everything event sourcing keeps, in one store: streams, outbox, snapshots, inbox and projection checkpoints.</summary>
public interface IEventSourcingStore : IEventStore, IOutboxStore, ISnapshotStore, IInboxStore, ICheckpointStore;
