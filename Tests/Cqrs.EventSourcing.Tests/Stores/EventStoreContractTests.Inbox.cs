namespace Cqrs.EventSourcing.Tests.Stores;

/// <summary>The inbox's records and their retention, on every store.</summary>
public abstract partial class EventStoreContractTests
{
    [Fact]
    public async Task PurgeHandled_RecordsBeforeTheCutoff_ArePurgedAndLaterOnesKept()
    {
        var store = CreateStore();
        var first = Guid.NewGuid();
        var second = Guid.NewGuid();
        await store.MarkHandledAsync("app.handler", first);
        await store.MarkHandledAsync("app.other/handler", second);

        var purgedBefore = await store.PurgeHandledAsync(DateTimeOffset.UtcNow.AddMinutes(-5));
        var keptBoth = (await store.HasHandledAsync("app.handler", first), await store.HasHandledAsync("app.other/handler", second));
        var purgedAfter = await store.PurgeHandledAsync(DateTimeOffset.UtcNow.AddMinutes(5));

        Assert.Equal(0, purgedBefore);
        Assert.Equal((true, true), keptBoth);
        Assert.Equal(2, purgedAfter);
        Assert.False(await store.HasHandledAsync("app.handler", first));
        Assert.False(await store.HasHandledAsync("app.other/handler", second));
    }
}
