using Cqrs.EventSourcing.Tests.Support;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Time.Testing;

namespace Cqrs.EventSourcing.Tests.Sagas;

/// <summary>Completion times and the purge of completed sagas, on the store and through the host.</summary>
public abstract partial class SagaContractTests
{
    private const string PurgeType = "tests.purge";

    [Fact]
    public async Task SaveSaga_Completed_KeepsItsCompletionTimeOrIsStampedOnce()
    {
        var store = OpenStore();
        var completedAt = new DateTimeOffset(2024, 5, 1, 12, 30, 15, TimeSpan.Zero).AddTicks(1234567);
        await store.SaveSagaAsync(Saga("given", 1, completed: false), 0, []);
        Assert.Null((await store.LoadSagaAsync(PurgeType, "given"))!.CompletedAt);
        await store.SaveSagaAsync(Saga("given", 2, completed: true) with { CompletedAt = completedAt }, 1, []);

        var before = DateTimeOffset.UtcNow;
        await store.SaveSagaAsync(Saga("stamped", 1, completed: true), 0, []);
        var after = DateTimeOffset.UtcNow;
        var stamped = (await store.LoadSagaAsync(PurgeType, "stamped"))!.CompletedAt;
        await store.SaveSagaAsync(Saga("stamped", 2, completed: true), 1, []);

        Assert.Equal(completedAt, (await store.LoadSagaAsync(PurgeType, "given"))!.CompletedAt);
        Assert.NotNull(stamped);
        Assert.InRange(stamped.Value, before.AddSeconds(-1), after.AddSeconds(1));
        Assert.Equal(stamped, (await store.LoadSagaAsync(PurgeType, "stamped"))!.CompletedAt);
    }

    [Fact]
    public async Task PurgeCompletedSagas_BeforeTheCutoff_DeletesThemWithTheirTimeoutsOldestFirstInBatches()
    {
        var store = OpenStore();
        var now = DateTimeOffset.UtcNow;
        var running = Timeout("running", now);
        var ofOldest = Timeout("oldest", now);
        var ofOld = Timeout("old", now.AddMinutes(1));
        await store.SaveSagaAsync(Saga("running", 1, completed: false), 0, [running]);
        await store.SaveSagaAsync(Saga("oldest", 1, completed: false), 0, [ofOldest]);
        await store.SaveSagaAsync(Saga("oldest", 2, completed: true) with { CompletedAt = now.AddHours(-3) }, 1, []);
        await store.SaveSagaAsync(Saga("old", 1, completed: true) with { CompletedAt = now.AddHours(-2) }, 0, [ofOld]);
        await store.SaveSagaAsync(Saga("recent", 1, completed: true) with { CompletedAt = now.AddMinutes(-1) }, 0, []);
        await store.SaveSagaAsync(Saga("pending", 1, completed: true, hasPending: true) with { CompletedAt = now.AddHours(-4) }, 0, []);

        Assert.Equal(1, await store.PurgeCompletedSagasAsync(now.AddHours(-1), maxCount: 1));
        Assert.Null(await store.LoadSagaAsync(PurgeType, "oldest"));
        Assert.NotNull(await store.LoadSagaAsync(PurgeType, "old"));
        Assert.Equal(1, await store.PurgeCompletedSagasAsync(now.AddHours(-1), maxCount: 10));
        Assert.Equal(0, await store.PurgeCompletedSagasAsync(now.AddHours(-1), maxCount: 10));

        Assert.Null(await store.LoadSagaAsync(PurgeType, "old"));
        Assert.NotNull(await store.LoadSagaAsync(PurgeType, "running"));
        Assert.NotNull(await store.LoadSagaAsync(PurgeType, "recent"));
        Assert.Equal(["pending"], (await store.ReadSagasWithPendingAsync(10)).Select(saga => saga.SagaId));
        Assert.Equal([running.TimeoutId], (await store.ReadDueTimeoutsAsync(DateTimeOffset.MaxValue, 10)).Select(timeout => timeout.TimeoutId));
        Assert.Equal(running.DueAt, await store.NextTimeoutAfterAsync(now.AddSeconds(-1)));
    }

    [Fact]
    public async Task PurgeCompletedSagas_HoldingPendingMessages_PurgesThemOnlyOnceDelivered()
    {
        var store = OpenStore();
        var now = DateTimeOffset.UtcNow;
        var pending = Saga("pending", 1, completed: true, hasPending: true) with { CompletedAt = now.AddHours(-2) };
        await store.SaveSagaAsync(pending, 0, []);
        Assert.Equal(0, await store.PurgeCompletedSagasAsync(now.AddHours(-1), maxCount: 10));

        // As the saga outbox forgets what was delivered: the record as loaded, one version on, nothing pending.
        var loaded = (await store.LoadSagaAsync(PurgeType, "pending"))!;
        await store.SaveSagaAsync(loaded with { Version = 2, HasPending = false }, 1, []);

        Assert.Equal(1, await store.PurgeCompletedSagasAsync(now.AddHours(-1), maxCount: 10));
        Assert.Null(await store.LoadSagaAsync(PurgeType, "pending"));
        Assert.Empty(await store.ReadSagasWithPendingAsync(10));
    }

    [Fact]
    public async Task PurgeCompletedSagas_Purged_IsAsOneNeverSavedAndCanStartAgain()
    {
        var store = OpenStore();
        var now = DateTimeOffset.UtcNow;
        await store.SaveSagaAsync(Saga("again", 1, completed: true) with { CompletedAt = now.AddHours(-2) }, 0, []);
        await Assert.ThrowsAsync<ConcurrencyException>(() => store.SaveSagaAsync(Saga("again", 1, completed: false), 0, []));

        Assert.Equal(1, await store.PurgeCompletedSagasAsync(now.AddHours(-1), maxCount: 10));
        await store.SaveSagaAsync(Saga("again", 1, completed: false), 0, []);

        var started = (await store.LoadSagaAsync(PurgeType, "again"))!;
        Assert.Equal(1, started.Version);
        Assert.False(started.Completed);
        Assert.Null(started.CompletedAt);
        Assert.Equal(0, await store.PurgeCompletedSagasAsync(now.AddHours(1), maxCount: 10));
    }

    [Fact]
    public async Task CompletedSaga_WithinItsRetention_IsKeptSoARepeatedStartFindsItThenPurgedAndCounted()
    {
        var clock = new FakeTimeProvider(DateTimeOffset.UtcNow);
        using var host = CreateHost(options => options.CompletedRetention = TimeSpan.FromHours(1), clock: clock);
        using var counters = new SagaCounters(host.Services);
        var bus = host.Services.GetRequiredService<ICommandBus>();
        var purger = host.Services.GetRequiredService<SagaPurger>();
        await bus.SendAsync(new OpenTally("t-1"));
        await bus.SendAsync(new ArmTally("t-1"));
        await bus.SendAsync(new CloseTally("t-1"));
        await bus.SendAsync(new OpenTally("t-2"));
        Assert.Equal(clock.GetUtcNow(), (await host.Services.GetRequiredService<ISagaStore>().LoadSagaAsync("tests.tally", "t-1"))!.CompletedAt);

        clock.Advance(TimeSpan.FromMinutes(59));
        Assert.Equal(0, await purger.PurgeAsync(CancellationToken.None));
        await bus.SendAsync(new OpenTally("t-1"));
        Assert.True((await LoadAsync(host, "t-1")).Completed);
        Assert.Equal(1, counters[SagaDiagnostics.SagasNotFound]);

        clock.Advance(TimeSpan.FromMinutes(2));
        Assert.Equal(1, await purger.PurgeAsync(CancellationToken.None));
        Assert.Null(await host.Services.GetRequiredService<SagaRuntime<Tally>>().LoadAsync("t-1"));
        Assert.Empty(await DueTimeoutsAsync(host));
        Assert.False((await LoadAsync(host, "t-2")).Completed);
        Assert.Equal(1, counters[SagaDiagnostics.SagasPurged]);

        // Past its retention, a repeated start starts the workflow again: what the retention is there to prevent.
        await bus.SendAsync(new OpenTally("t-1"));
        Assert.Equal(1, (await LoadAsync(host, "t-1")).Version);
    }

    [Fact]
    public async Task Host_CompletedSagasPastTheirRetention_PurgesThemInTheBackground()
    {
        var clock = new FakeTimeProvider();
        using (var before = CreateHost(clock: clock))
        {
            var bus = before.Services.GetRequiredService<ICommandBus>();
            await bus.SendAsync(new OpenTally("t-1"));
            await bus.SendAsync(new CloseTally("t-1"));
            await bus.SendAsync(new OpenTally("t-2"));
        }

        clock.Advance(TimeSpan.FromHours(2));
        using var after = CreateHost(options => options.CompletedRetention = TimeSpan.FromHours(1), clock: clock);
        using var counters = new SagaCounters(after.Services);
        await after.StartAsync();

        // Counted once the store's delete returns, so a moment after the saga is gone.
        await Patience.WaitUntilAsync(
            () => Task.FromResult(counters[SagaDiagnostics.SagasPurged] == 1),
            () => $"The completed saga was not purged and counted ({counters[SagaDiagnostics.SagasPurged]} counted).");
        Assert.Null(await after.Services.GetRequiredService<SagaRuntime<Tally>>().LoadAsync("t-1"));
        Assert.False((await LoadAsync(after, "t-2")).Completed);
        await after.StopAsync();
    }

    [Fact]
    public async Task Purge_InfiniteRetention_KeepsCompletedSagas()
    {
        using var host = CreateHost(options => options.CompletedRetention = System.Threading.Timeout.InfiniteTimeSpan);
        var bus = host.Services.GetRequiredService<ICommandBus>();
        await bus.SendAsync(new OpenTally("t-1"));
        await bus.SendAsync(new CloseTally("t-1"));

        Assert.Equal(0, await host.Services.GetRequiredService<SagaPurger>().PurgeAsync(CancellationToken.None));
        Assert.True((await LoadAsync(host, "t-1")).Completed);
    }

    private static SagaRecord Saga(string sagaId, long version, bool completed, bool hasPending = false) =>
        new(PurgeType, sagaId, version, new byte[] { 1, 2, (byte)version }, completed, hasPending);

    private static SagaTimeoutRecord Timeout(string sagaId, DateTimeOffset dueAt) =>
        new(Guid.NewGuid(), PurgeType, sagaId, dueAt, "tests.purge-timeout", new byte[] { 7 }, Guid.NewGuid(), Guid.NewGuid());
}
