using Azure.Core;
using Azure.Core.Pipeline;
using Azure.Data.Tables;
using Cqrs.EventSourcing.AzureTables;
using Cqrs.EventSourcing.Tests.Support;

namespace Cqrs.EventSourcing.Tests.Sagas;

/// <summary>The saga contract over Azurite, and what is particular to Table Storage: its limits, awkward ids and the row layout.</summary>
[Collection(AzuriteCollection.Name)]
public sealed class AzureTableSagaTests : SagaContractTests, IAsyncLifetime
{
    private const string SagaType = "tests.azure-saga";
    private readonly string _prefix = "s" + Guid.NewGuid().ToString("N")[..20];
    private readonly TableServiceClient _service = new(AzuriteFixture.ConnectionString);

    /// <summary>A store with clients of its own over this test's tables, as another process would open it.</summary>
    protected override StoreSet OpenStore() => StoreSet.AzureTables(new AzureTableStorage(AzuriteFixture.ConnectionString, _prefix));

    public Task InitializeAsync() => Task.CompletedTask;

    public async Task DisposeAsync()
    {
        await foreach (var table in _service.QueryAsync(TableClient.CreateQueryFilter($"TableName ge {_prefix} and TableName lt {_prefix + "~"}")))
        {
            await _service.DeleteTableAsync(table.Name);
        }
    }

    [Fact]
    public async Task SaveSaga_DataOverOnePropertyOrOverAnEntity_IsSplitAndReadBackWholeOrRefusedSavingNothing()
    {
        var store = Store();
        var large = new byte[AzureTableSagaStore.MaxSagaDataBytes];
        Random.Shared.NextBytes(large);

        await store.SaveSagaAsync(new SagaRecord(SagaType, "large", 1, large, Completed: false, HasPending: true), 0, []);
        var refused = await Assert.ThrowsAsync<ArgumentException>(
            () => store.SaveSagaAsync(new SagaRecord(SagaType, "too-large", 1, new byte[large.Length + 1], Completed: false, HasPending: false), 0, []));

        Assert.Contains($"at most {AzureTableSagaStore.MaxSagaDataBytes} bytes", refused.Message, StringComparison.Ordinal);
        Assert.Equal(large, (await store.LoadSagaAsync(SagaType, "large"))!.Data.ToArray());
        Assert.Equal(large, Assert.Single(await store.ReadSagasWithPendingAsync(10)).Data.ToArray());
        Assert.Null(await store.LoadSagaAsync(SagaType, "too-large"));
    }

    [Fact]
    public async Task SaveSaga_MoreTimeoutsThanOneTransactionHoldsOrTooLargeABody_IsRefusedSavingNothing()
    {
        var store = Store();
        var now = DateTimeOffset.UtcNow;
        var most = Enumerable.Range(0, AzureTableSagaStore.MaxTimeoutsPerSave).Select(index => Timeout("many", now.AddSeconds(index))).ToList();

        var tooMany = await Assert.ThrowsAsync<ArgumentException>(() => store.SaveSagaAsync(Saga("many", 1), 0, [.. most, Timeout("many", now)]));
        var tooLarge = await Assert.ThrowsAsync<ArgumentException>(
            () => store.SaveSagaAsync(Saga("many", 1), 0, [Timeout("many", now) with { Body = new byte[AzureTableEventStore.MaxPayloadBytes + 1] }]));
        var another = await Assert.ThrowsAsync<ArgumentException>(() => store.SaveSagaAsync(Saga("many", 1), 0, [Timeout("other", now)]));
        Assert.Null(await store.LoadSagaAsync(SagaType, "many"));
        await store.SaveSagaAsync(Saga("many", 1), 0, most);

        Assert.Contains($"at most {AzureTableSagaStore.MaxTimeoutsPerSave} timeouts", tooMany.Message, StringComparison.Ordinal);
        Assert.Contains($"at most {AzureTableEventStore.MaxPayloadBytes} bytes", tooLarge.Message, StringComparison.Ordinal);
        Assert.Contains("not for saga", another.Message, StringComparison.Ordinal);
        Assert.Equal(most.Select(timeout => timeout.TimeoutId), (await store.ReadDueTimeoutsAsync(DateTimeOffset.MaxValue, 100)).Select(timeout => timeout.TimeoutId));
    }

    [Fact]
    public async Task SagaIds_WithSlashesPercentSignsBarsAndOtherScripts_WorkEverywhere()
    {
        var store = Store();
        string[] ids = ["a/b\\c#d?e", "100%25 % done", "x|y|z", "Ωμέγα 🛰", "a", "a|"];
        var now = DateTimeOffset.UtcNow;
        var timeouts = ids.Select(id => Timeout(id, now)).ToList();

        for (var index = 0; index < ids.Length; index++)
        {
            await store.SaveSagaAsync(Saga(ids[index], 1) with { HasPending = true }, 0, [timeouts[index]]);
            await store.SaveSagaAsync(Saga(ids[index], 2) with { Completed = true, HasPending = true, CompletedAt = now.AddHours(-2) }, 1, []);
        }

        Assert.All(ids, id => Assert.Equal(2, store.LoadSagaAsync(SagaType, id).GetAwaiter().GetResult()!.Version));
        Assert.Equal(ids.Order(StringComparer.Ordinal), (await store.ReadSagasWithPendingAsync(100)).Select(saga => saga.SagaId).Order(StringComparer.Ordinal));
        Assert.Equal(ids.Length, (await store.ReadDueTimeoutsAsync(now, 100)).Count);
        await store.DeleteTimeoutAsync(timeouts[0].TimeoutId);

        // Another store never read the timeout: it finds where it is.
        await Store().DeleteTimeoutAsync(timeouts[1].TimeoutId);
        Assert.Equal(ids.Length - 2, (await store.ReadDueTimeoutsAsync(now, 100)).Count);

        // Completed, but still pending: kept. Delivered: purged, with their timeouts.
        Assert.Equal(0, await store.PurgeCompletedSagasAsync(now.AddHours(-1), 100));
        for (var index = 0; index < ids.Length; index++)
        {
            var saga = (await store.LoadSagaAsync(SagaType, ids[index]))!;
            await store.SaveSagaAsync(saga with { Version = 3, HasPending = false }, 2, []);
        }

        Assert.Equal(ids.Length, await store.PurgeCompletedSagasAsync(now.AddHours(-1), 100));
        Assert.Empty(await store.ReadDueTimeoutsAsync(DateTimeOffset.MaxValue, 100));
        Assert.Empty(await store.ReadSagasWithPendingAsync(100));
        Assert.Empty(await RowsAsync());
    }

    [Fact]
    public async Task SagaRows_OfOneSaga_LiveInOneShardPartitionWithIndexRowsFollowingItsFlags()
    {
        var store = Store();
        var now = DateTimeOffset.UtcNow;
        var timeout = Timeout("s-1", now.AddMinutes(5));

        await store.SaveSagaAsync(Saga("s-1", 1) with { HasPending = true }, 0, [timeout]);
        var running = await RowsAsync();
        await store.SaveSagaAsync(Saga("s-1", 2) with { Completed = true, CompletedAt = now }, 1, []);
        var completed = await RowsAsync();

        var partition = Assert.Single(running.Select(row => row.PartitionKey).Distinct());
        Assert.Contains(partition, SagaRows.Partitions);
        Assert.Equal(["d|", "p|", "s|", "t|"], running.Select(row => row.RowKey[..2]).Order(StringComparer.Ordinal));
        Assert.Equal(["c|", "d|", "s|", "t|"], completed.Select(row => row.RowKey[..2]).Order(StringComparer.Ordinal));
        Assert.Equal(partition, Assert.Single(completed.Select(row => row.PartitionKey).Distinct()));
        Assert.Equal(now.AddMinutes(5), await store.NextTimeoutAfterAsync(now));
    }

    [Fact]
    public async Task SaveSaga_TwoStoresAtOneVersion_HaveOneWinner()
    {
        ISagaStore[] stores = [Store(), Store()];
        await stores[0].SaveSagaAsync(Saga("contended", 1), 0, []);

        var outcomes = await Task.WhenAll(Enumerable.Range(0, 12).Select(async writer =>
        {
            try
            {
                await stores[writer % 2].SaveSagaAsync(Saga("contended", 2), 1, [Timeout("contended", DateTimeOffset.UtcNow)]);
                return true;
            }
            catch (ConcurrencyException conflict)
            {
                Assert.Equal(2, conflict.Actual);
                return false;
            }
        }));

        Assert.Single(outcomes, won => won);
        Assert.Single(await stores[1].ReadDueTimeoutsAsync(DateTimeOffset.MaxValue, 100));
    }

    [Fact]
    public async Task ReadSagasWithPending_TheOneReadForgottenBetweenItsIndexRowAndItsRow_ReadsTheOtherInstead()
    {
        var writer = Store();
        await writer.SaveSagaAsync(Saga("first", 1) with { HasPending = true }, 0, []);
        await writer.SaveSagaAsync(Saga("second", 1) with { HasPending = true }, 0, []);

        // Whichever saga the batch of one names, it is forgotten (by another process) just before its own row is read.
        string? forgotten = null;
        var forgetting = new BeforeSagaRowRead(["first", "second"], async sagaId =>
        {
            forgotten = sagaId;
            await writer.SaveSagaAsync(Saga(sagaId, 2), 1, []);
        });
        var options = new TableClientOptions();
        options.AddPolicy(forgetting, HttpPipelinePosition.PerCall);
        var reader = new AzureTableSagaStore(new AzureTableStorage(new TableServiceClient(AzuriteFixture.ConnectionString, options), _prefix));

        var read = await reader.ReadSagasWithPendingAsync(1);

        Assert.NotNull(forgotten);
        Assert.Equal(forgotten == "first" ? "second" : "first", Assert.Single(read).SagaId);
    }

    [Fact]
    public async Task ReadSagasWithPending_IndexRowWhoseSagaRowIsGone_ReadsNoneRatherThanReadingAgainForever()
    {
        var store = Store();
        await store.SaveSagaAsync(Saga("orphaned", 1) with { HasPending = true }, 0, []);
        var sagaRow = Assert.Single(await RowsAsync(), row => row.RowKey.StartsWith("s|", StringComparison.Ordinal));
        await _service.GetTableClient(_prefix + AzureTableStorage.SagasTable).DeleteEntityAsync(sagaRow.PartitionKey, sagaRow.RowKey);

        Assert.Empty(await store.ReadSagasWithPendingAsync(10).WaitAsync(Patience.Timeout));
    }

    private StoreSet Store() => OpenStore();

    private async Task<List<TableEntity>> RowsAsync()
    {
        var rows = new List<TableEntity>();
        await foreach (var row in _service.GetTableClient(_prefix + AzureTableStorage.SagasTable).QueryAsync<TableEntity>())
        {
            rows.Add(row);
        }

        return rows;
    }

    private static SagaRecord Saga(string sagaId, long version) => new(SagaType, sagaId, version, new byte[] { 1, (byte)version }, Completed: false, HasPending: false);

    private static SagaTimeoutRecord Timeout(string sagaId, DateTimeOffset dueAt) =>
        new(Guid.NewGuid(), SagaType, sagaId, dueAt, "tests.azure-timeout", new byte[] { 9 }, Guid.NewGuid(), Guid.NewGuid());

    /// <summary>Runs <paramref name="before"/> once, before the first point read of one of <paramref name="sagaIds"/>' rows is sent.</summary>
    private sealed class BeforeSagaRowRead(IReadOnlyList<string> sagaIds, Func<string, Task> before) : HttpPipelinePolicy
    {
        private int _ran;

        public override async ValueTask ProcessAsync(HttpMessage message, ReadOnlyMemory<HttpPipelinePolicy> pipeline)
        {
            var query = Uri.UnescapeDataString(message.Request.Uri.Query);
            var sagaId = sagaIds.FirstOrDefault(id => query.Contains($"RowKey eq '{SagaRows.SagaKey(SagaType, id)}'", StringComparison.Ordinal));
            if (sagaId is not null && Interlocked.Exchange(ref _ran, 1) == 0)
            {
                await before(sagaId);
            }

            await ProcessNextAsync(message, pipeline);
        }

        public override void Process(HttpMessage message, ReadOnlyMemory<HttpPipelinePolicy> pipeline) =>
            throw new NotSupportedException("The store reads asynchronously.");
    }
}
