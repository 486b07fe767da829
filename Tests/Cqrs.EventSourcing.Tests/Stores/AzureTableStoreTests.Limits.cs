using Cqrs.EventSourcing.AzureTables;

namespace Cqrs.EventSourcing.Tests.Stores;

/// <summary>Table Storage's limits, refused before anything is written.</summary>
public sealed partial class AzureTableStoreTests
{
    [Fact]
    public async Task Append_MoreEventsThanOneTransactionHolds_IsRefusedNamingTheLimit()
    {
        var store = CreateStore();

        var refused = await Assert.ThrowsAsync<ArgumentException>(() => store.AppendAsync("order-1", ExpectedVersion.NoStream, NewEvents(AzureTableEventStore.MaxEventsPerAppend + 1)));

        Assert.Contains($"at most {AzureTableEventStore.MaxEventsPerAppend} events", refused.Message, StringComparison.Ordinal);
        Assert.Equal(AzureTableEventStore.MaxEventsPerAppend, await store.AppendAsync("order-1", ExpectedVersion.NoStream, NewEvents(AzureTableEventStore.MaxEventsPerAppend)));
    }

    [Fact]
    public async Task Append_PayloadOverThePropertyLimit_IsRefusedAndOneAtTheLimitIsStored()
    {
        var store = CreateStore();
        var largest = new byte[AzureTableEventStore.MaxPayloadBytes];
        Random.Shared.NextBytes(largest);

        var refused = await Assert.ThrowsAsync<ArgumentException>(() => store.AppendAsync("order-1", ExpectedVersion.NoStream, [WithPayload(new byte[largest.Length + 1])]));
        await store.AppendAsync("order-1", ExpectedVersion.NoStream, [WithPayload(largest)]);

        Assert.Contains($"at most {AzureTableEventStore.MaxPayloadBytes} bytes", refused.Message, StringComparison.Ordinal);
        Assert.Equal(largest, (await ReadAsync(store, "order-1")).Single().Payload.ToArray());
    }

    [Fact]
    public async Task Append_TooLargeForOneTransaction_IsRefusedAndAppendsNothing()
    {
        var store = CreateStore();
        var events = Enumerable.Range(0, 40).Select(_ => WithPayload(new byte[60 * 1024])).ToList();

        var refused = await Assert.ThrowsAsync<ArgumentException>(() => store.AppendAsync("order-1", ExpectedVersion.NoStream, events));

        Assert.Contains($"at most {AzureTableEventStore.MaxAppendBytes} bytes", refused.Message, StringComparison.Ordinal);
        Assert.Empty(await ReadAsync(store, "order-1"));
    }

    [Fact]
    public async Task SaveSnapshot_OverThePropertyLimit_IsRefused()
    {
        var store = CreateStore();

        await Assert.ThrowsAsync<ArgumentException>(() => store.SaveSnapshotAsync("order-1", new Snapshot(1, "test.state", new byte[AzureTableEventStore.MaxPayloadBytes + 1])));
    }

    [Theory]
    [InlineData("")]
    [InlineData("1cqrs")]
    [InlineData("cqrs-test")]
    [InlineData("cqrs_test")]
    [InlineData("prefix00000000000000000000000000000000000000000000000")]
    public void Constructor_TablePrefixThatCannotStartATableName_IsRefused(string tablePrefix)
    {
        Assert.ThrowsAny<ArgumentException>(() => new AzureTableStorage(Support.AzuriteFixture.ConnectionString, tablePrefix));
    }

    private static NewEvent WithPayload(byte[] payload) => NewEvents(1)[0] with { Payload = payload };
}
