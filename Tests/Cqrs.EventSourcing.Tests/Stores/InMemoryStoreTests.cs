using Cqrs.EventSourcing.InMemory;

namespace Cqrs.EventSourcing.Tests.Stores;

public sealed class InMemoryStoreTests : EventStoreContractTests
{
    protected override StoreSet CreateStore(TimeProvider? clock = null) => StoreSet.InMemory(new InMemoryStorage(clock));

    /// <summary>Memory is the storage: a restart that kept it is the same store.</summary>
    protected override StoreSet Reopen(StoreSet store) => store;

    protected override Task CorruptAsync(StoreSet store, StreamPosition position)
    {
        ((InMemoryStorage)store.Storage).Damage(position);
        return Task.CompletedTask;
    }
}
