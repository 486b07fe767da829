namespace Cqrs.EventSourcing.Tests.Stores;

/// <summary>The outbox, snapshots, inbox and checkpoints, on every store.</summary>
public abstract partial class EventStoreContractTests
{
    [Fact]
    public async Task Outbox_AppendedEvents_WaitUntilMarkedPublished()
    {
        var store = CreateStore();
        await store.AppendAsync("a", ExpectedVersion.NoStream, NewEvents(2));
        await store.AppendAsync("b", ExpectedVersion.NoStream, NewEvents(1));

        var pending = await store.ReadUnpublishedAsync(100);
        await store.MarkPublishedAsync([pending.Single(stored => stored.StreamId == "b")]);
        var left = await store.ReadUnpublishedAsync(100);

        Assert.Equal(3, pending.Count);
        Assert.Equal([1L, 2L], pending.Where(stored => stored.StreamId == "a").Select(stored => stored.Version));
        Assert.Equal(["a", "a"], left.Select(stored => stored.StreamId));
    }

    [Fact]
    public async Task Outbox_AfterARestart_SurvivesAndMarkingTwiceIsHarmless()
    {
        var store = CreateStore();
        await store.AppendAsync("a", ExpectedVersion.NoStream, NewEvents(3));
        var first = (await store.ReadUnpublishedAsync(1)).Single();
        await store.MarkPublishedAsync([first]);

        var restarted = Reopen(store);
        var pending = await restarted.ReadUnpublishedAsync(100);
        await restarted.MarkPublishedAsync([first, .. pending]);

        Assert.Equal([2L, 3L], pending.Select(stored => stored.Version));
        Assert.Empty(await restarted.ReadUnpublishedAsync(100));
    }

    [Fact]
    public async Task Outbox_EntryDeadLettered_LeavesTheOutboxAndIsKeptWithItsReason()
    {
        var store = CreateStore();
        await store.AppendAsync("a", ExpectedVersion.NoStream, NewEvents(3));

        await store.DeadLetterAsync(new StreamPosition("a", 2), "its type is retired");
        await Reopen(store).DeadLetterAsync(new StreamPosition("a", 2), "its type is retired");
        var left = await store.ReadUnpublishedAsync(100);
        var deadLetter = Assert.Single(await Reopen(store).ReadDeadLettersAsync(10));

        Assert.Equal([1L, 3L], left.Select(stored => stored.Version));
        Assert.Equal(new StreamPosition("a", 2), deadLetter.Position);
        Assert.Equal("its type is retired", deadLetter.Reason);
        Assert.InRange(deadLetter.DeadLetteredAt, DateTimeOffset.UtcNow.AddMinutes(-5), DateTimeOffset.UtcNow.AddMinutes(5));
        Assert.Equal(3, (await ReadAsync(store, "a")).Count);
    }

    [Fact]
    public async Task ReadUnpublished_CountAsked_ReturnsAtMostThatMany()
    {
        var store = CreateStore();
        await store.AppendAsync("a", ExpectedVersion.NoStream, NewEvents(5));

        Assert.Equal(2, (await store.ReadUnpublishedAsync(2)).Count);
    }

    [Fact]
    public async Task Snapshot_UnlessANewerOneExists_IsKept()
    {
        var store = CreateStore();
        Assert.Null(await store.LoadSnapshotAsync("a"));

        await store.SaveSnapshotAsync("a", new Snapshot(10, "test.state", new byte[] { 1, 2 }));
        await store.SaveSnapshotAsync("a", new Snapshot(5, "test.state", new byte[] { 9 }));
        var kept = await Reopen(store).LoadSnapshotAsync("a");

        Assert.NotNull(kept);
        Assert.Equal(10, kept.Version);
        Assert.Equal("test.state", kept.StateType);
        Assert.Equal(new byte[] { 1, 2 }, kept.State.ToArray());

        await store.SaveSnapshotAsync("a", new Snapshot(20, "test.state", new byte[] { 3 }));
        Assert.Equal(20, (await store.LoadSnapshotAsync("a"))!.Version);
    }

    [Fact]
    public async Task Inbox_HandlersAndMessages_AreRememberedEachApart()
    {
        var store = CreateStore();
        var message = Guid.NewGuid();

        Assert.False(await store.IsHandledAsync("mailer", message));
        await store.MarkHandledAsync("mailer", message);
        await store.MarkHandledAsync("mailer", message);

        var restarted = Reopen(store);
        Assert.True(await restarted.IsHandledAsync("mailer", message));
        Assert.False(await restarted.IsHandledAsync("auditor", message));
        Assert.False(await restarted.IsHandledAsync("mailer", Guid.NewGuid()));
    }

    [Fact]
    public async Task Checkpoints_PerProjectionAndStream_AreKeptUntilCleared()
    {
        var store = CreateStore();
        Assert.Equal(0, await store.GetCheckpointAsync("balances", "a"));

        await store.SetCheckpointAsync("balances", "a", 7);
        await store.SetCheckpointAsync("balances", "b", 2);
        await store.SetCheckpointAsync("audit", "a", 3);
        await store.SetCheckpointAsync("balances", "a", 9);

        var restarted = Reopen(store);
        Assert.Equal(9, await restarted.GetCheckpointAsync("balances", "a"));
        Assert.Equal(2, await restarted.GetCheckpointAsync("balances", "b"));

        await restarted.ClearCheckpointsAsync("balances");
        Assert.Equal(0, await restarted.GetCheckpointAsync("balances", "a"));
        Assert.Equal(0, await restarted.GetCheckpointAsync("balances", "b"));
        Assert.Equal(3, await restarted.GetCheckpointAsync("audit", "a"));
    }
}
