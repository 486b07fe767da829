using Cqrs.EventSourcing.InMemory;

namespace Cqrs.EventSourcing.Tests.Stores;

public sealed class InMemoryStoreTests : EventStoreContractTests
{
    protected override IEventSourcingStore CreateStore() => new InMemoryEventStore();

    /// <summary>Memory is the storage: a restart that kept it is the same store.</summary>
    protected override IEventSourcingStore Reopen(IEventSourcingStore store) => store;

    protected override Task CorruptAsync(IEventSourcingStore store, StreamPosition position)
    {
        ((InMemoryEventStore)store).Damage(position);
        return Task.CompletedTask;
    }
}
