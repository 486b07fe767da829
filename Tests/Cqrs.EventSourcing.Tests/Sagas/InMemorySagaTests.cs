using Cqrs.EventSourcing.InMemory;

namespace Cqrs.EventSourcing.Tests.Sagas;

public sealed class InMemorySagaTests : SagaContractTests
{
    private readonly StoreSet _store = StoreSet.InMemory();

    /// <summary>Memory is the storage: every "process" of the test shares the one store.</summary>
    protected override StoreSet OpenStore() => _store;
}
