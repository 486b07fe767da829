using Cqrs.EventSourcing.Tests.Stores;

namespace Cqrs.EventSourcing.Tests.Sagas;

public sealed class SqliteSagaTests : SagaContractTests
{
    private readonly SqliteTestFile _file = new();

    /// <summary>A store of its own on the test's file, sharing no pooled connection, as another process would.</summary>
    protected override StoreSet OpenStore() => _file.Open(pooling: false);

    public override void Dispose()
    {
        _file.Dispose();
        base.Dispose();
    }
}
