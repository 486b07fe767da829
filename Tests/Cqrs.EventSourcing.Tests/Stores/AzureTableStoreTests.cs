using Azure;
using Azure.Data.Tables;
using Cqrs.EventSourcing.AzureTables;
using Cqrs.EventSourcing.Tests.Support;

namespace Cqrs.EventSourcing.Tests.Stores;

/// <summary>The contract, and what is particular to Table Storage, against Azurite; each test has tables of its own.</summary>
[Collection(AzuriteCollection.Name)]
public sealed partial class AzureTableStoreTests : EventStoreContractTests, IAsyncLifetime
{
    private readonly string _prefix = "t" + Guid.NewGuid().ToString("N")[..20];
    private readonly TableServiceClient _service = new(AzuriteFixture.ConnectionString);

    protected override StoreSet CreateStore(TimeProvider? clock = null) => StoreSet.AzureTables(new AzureTableStorage(_service, _prefix, clock));

    /// <summary>A new store, with clients of its own, over the same tables.</summary>
    protected override StoreSet Reopen(StoreSet store) => StoreSet.AzureTables(new AzureTableStorage(AzuriteFixture.ConnectionString, _prefix));

    /// <summary>Retypes the payload to a string, as a careless tool writing the table might.</summary>
    protected override async Task CorruptAsync(StoreSet store, StreamPosition position)
    {
        var row = await EventRowAsync(position);
        row["Payload"] = "not bytes";
        await Streams.UpdateEntityAsync(row, ETag.All, TableUpdateMode.Replace);
    }

    public Task InitializeAsync() => Task.CompletedTask;

    public async Task DisposeAsync()
    {
        await foreach (var table in _service.QueryAsync(TableClient.CreateQueryFilter($"TableName ge {_prefix} and TableName lt {_prefix + "~"}")))
        {
            await _service.DeleteTableAsync(table.Name);
        }
    }

    private TableClient Streams => _service.GetTableClient(_prefix + AzureTableStorage.StreamsTable);

    private async Task<TableEntity> EventRowAsync(StreamPosition position) =>
        await Streams.GetEntityAsync<TableEntity>(position.StreamId, StreamRows.EventKey(position.Version));
}
