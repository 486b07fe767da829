using Azure.Data.Tables;
using Cqrs.EventSourcing.Tests.Support;

namespace Cqrs.EventSourcing.Tests.Crash;

/// <summary>The saga timeout crash test over Azure Table storage (Azurite), in tables of this test's own, deleted after.</summary>
[Collection(AzuriteCollection.Name)]
public sealed class AzureTableSagaTimeoutCrashTests : SagaTimeoutCrashTests
{
    private readonly string _prefix = "crash" + Guid.NewGuid().ToString("N")[..16];

    protected override string[] StoreArguments => [AzuriteFixture.ConnectionString, _prefix];

    public override void Dispose()
    {
        var service = new TableServiceClient(AzuriteFixture.ConnectionString);
        foreach (var table in service.Query(TableClient.CreateQueryFilter($"TableName ge {_prefix} and TableName lt {_prefix + "~"}")))
        {
            service.DeleteTable(table.Name);
        }

        base.Dispose();
    }
}
