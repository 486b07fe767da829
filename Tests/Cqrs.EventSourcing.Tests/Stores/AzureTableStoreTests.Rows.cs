using Azure;
using Azure.Data.Tables;
using Cqrs.EventSourcing.AzureTables;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Time.Testing;

namespace Cqrs.EventSourcing.Tests.Stores;

/// <summary>Concurrency across store instances, awkward keys, damaged rows and registration.</summary>
public sealed partial class AzureTableStoreTests
{
    [Fact]
    public async Task Append_TwoStoresToOneStream_HaveOneWinnerPerVersion()
    {
        StoreSet[] stores = [CreateStore(), Reopen(CreateStore())];
        await stores[0].AppendAsync("contended", ExpectedVersion.NoStream, NewEvents(1));

        var outcomes = await Task.WhenAll(Enumerable.Range(0, 20).Select(async writer =>
        {
            try
            {
                await stores[writer % 2].AppendAsync("contended", ExpectedVersion.Exactly(1), NewEvents(2));
                return true;
            }
            catch (ConcurrencyException conflict)
            {
                Assert.Equal(3, conflict.Actual);
                return false;
            }
        }));

        Assert.Single(outcomes, won => won);
        Assert.Equal([1L, 2L, 3L], (await ReadAsync(stores[1], "contended")).Select(stored => stored.Version));
    }

    [Fact]
    public async Task Append_AnyFromTwoStoresRacing_AllLandWithoutGaps()
    {
        StoreSet[] stores = [CreateStore(), Reopen(CreateStore())];

        await Task.WhenAll(Enumerable.Range(0, 20).Select(writer => stores[writer % 2].AppendAsync("contended", ExpectedVersion.Any, NewEvents(2))));

        Assert.Equal(Enumerable.Range(1, 40).Select(version => (long)version), (await ReadAsync(stores[0], "contended")).Select(stored => stored.Version));
        Assert.Equal(40, (await stores[1].ReadUnpublishedAsync(100)).Count);
    }

    [Fact]
    public async Task Names_WithQuotesPercentSignsAndSlashes_WorkEverywhere()
    {
        var store = CreateStore();
        const string Stream = "it's 100%25 % done";
        const string Handler = "mailer/it's #1?";
        var message = Guid.NewGuid();

        await store.AppendAsync(Stream, ExpectedVersion.NoStream, NewEvents(2));
        await store.AppendAsync(Stream, ExpectedVersion.Exactly(2), NewEvents(1));
        await store.MarkPublishedAsync([.. (await store.ReadUnpublishedAsync(100)).Take(2)]);
        await store.SaveSnapshotAsync(Stream, new Snapshot(3, "test.state", new byte[] { 1 }));
        await store.SaveSnapshotAsync(Stream, new Snapshot(4, "test.state", new byte[] { 2 }));
        await store.SetCheckpointAsync(Handler, Stream, 3);
        await store.SetCheckpointAsync(Handler, Stream, 4);
        await store.MarkHandledAsync(Handler, message);

        Assert.Equal([1L, 2L, 3L], (await ReadAsync(store, Stream)).Select(stored => stored.Version));
        Assert.Equal([3L], (await store.ReadUnpublishedAsync(100)).Select(stored => stored.Version));
        Assert.Equal(4, (await store.LoadSnapshotAsync(Stream))!.Version);
        Assert.Equal(4, await store.GetCheckpointAsync(Handler, Stream));
        Assert.True(await store.IsHandledAsync(Handler, message));
        Assert.False(await store.IsHandledAsync("mailer", message));
        await store.ClearCheckpointsAsync(Handler);
        Assert.Equal(0, await store.GetCheckpointAsync(Handler, Stream));
    }

    [Fact]
    public async Task ReadStream_EventRowMissingAProperty_FailsNamingItsPlace()
    {
        var store = CreateStore();
        await store.AppendAsync("order-1", ExpectedVersion.NoStream, NewEvents(2));
        var row = await EventRowAsync(new StreamPosition("order-1", 2));
        row.Remove("EventId");
        await Streams.UpdateEntityAsync(row, ETag.All, TableUpdateMode.Replace);

        var error = await Assert.ThrowsAsync<StoredDataException>(() => ReadAsync(store, "order-1"));

        Assert.Equal(new StreamPosition("order-1", 2), error.Position);
        Assert.Contains("EventId", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Outbox_RowWhoseEventRowIsMissing_IsDeadLetteredAndTheRestPublished()
    {
        var store = CreateStore();
        await store.AppendAsync("aaa-lost", ExpectedVersion.NoStream, NewEvents(1));
        await Streams.DeleteEntityAsync("aaa-lost", StreamRows.EventKey(1));

        await AssertSetAsideAndRestPublishedAsync(store, new StreamPosition("aaa-lost", 1), "the stream does not");
    }

    [Fact]
    public async Task Append_WithTheStoresClock_StampsEventsWithItsTimeExactly()
    {
        var appendedAt = new DateTimeOffset(2024, 2, 29, 23, 59, 58, TimeSpan.Zero).AddTicks(1_234_567);
        var store = StoreSet.AzureTables(new AzureTableStorage(_service, _prefix, new FakeTimeProvider(appendedAt)));

        await store.AppendAsync("order-1", ExpectedVersion.NoStream, NewEvents(2));

        Assert.All(await ReadAsync(store, "order-1"), stored => Assert.Equal(appendedAt, stored.Timestamp));
    }

    [Fact]
    public void UseAzureTableStore_Registered_MakesTheTableStoreTheStore()
    {
        var services = new ServiceCollection();
        new EventSourcingBuilder(services).UseAzureTableStore(Support.AzuriteFixture.ConnectionString, _prefix);

        using var provider = services.BuildServiceProvider(new ServiceProviderOptions { ValidateOnBuild = true, ValidateScopes = true });

        Assert.IsType<AzureTableEventStore>(provider.GetRequiredService<IEventStore>());
        Assert.IsType<AzureTableOutboxStore>(provider.GetRequiredService<IOutboxStore>());
        Assert.IsType<AzureTableSnapshotStore>(provider.GetRequiredService<ISnapshotStore>());
        Assert.IsType<AzureTableInboxStore>(provider.GetRequiredService<IInboxStore>());
        Assert.IsType<AzureTableCheckpointStore>(provider.GetRequiredService<ICheckpointStore>());
        Assert.IsType<AzureTableSagaStore>(provider.GetRequiredService<ISagaStore>());
    }
}
