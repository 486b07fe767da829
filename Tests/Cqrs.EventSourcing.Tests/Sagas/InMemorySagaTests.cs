using Cqrs.EventSourcing.InMemory;

namespace Cqrs.EventSourcing.Tests.Sagas;

public sealed class InMemorySagaTests : SagaContractTests
{
    private readonly InMemoryEventStore _store = new();

    /// <summary>Memory is the storage: every "process" of the test shares the one store.</summary>
    protected override IEventSourcingStore OpenStore() => _store;
}
