using Cqrs.EventSourcing.Tests.Support;
using Cqrs.Transports;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;

namespace Cqrs.EventSourcing.Tests.Sagas;

/// <summary>
/// What sagas do over every store that keeps them. A subclass gives storage of its own per test, and opens a store
/// on it for each "process" a test starts: two at once are two workers, one after another a restart.
/// </summary>
public abstract partial class SagaContractTests : IDisposable
{
    private readonly TallyLog _log = new();

    /// <summary>A store on this test's storage, as a new process would open it.</summary>
    protected abstract StoreSet OpenStore();

    public virtual void Dispose() => GC.SuppressFinalize(this);

    [Fact]
    public async Task StartingMessage_ThenLaterMessages_StartsTheSagaAndMovesItOn()
    {
        using var host = CreateHost();
        var bus = host.Services.GetRequiredService<ICommandBus>();
        using var counters = new SagaCounters(host.Services);

        await bus.SendAsync(new OpenTally("t-1"));
        await host.Services.GetRequiredService<IEventBus>().PublishAsync(new TallyBumped("t-1", 5));
        await host.Services.GetRequiredService<IEventBus>().PublishAsync(new TallyBumped("t-1", 7));

        var saga = await LoadAsync(host, "t-1");
        Assert.Equal([5, 7], saga.State.Amounts);
        Assert.Equal(3, saga.Version);
        Assert.False(saga.Completed);
        Assert.Equal(1, counters[SagaDiagnostics.SagasStarted]);
    }

    [Fact]
    public async Task ConcurrentMessages_SixteenForOneSagaOnTwoWorkers_AreEachAppliedOnce()
    {
        using var first = CreateHost();
        using var second = CreateHost();
        await first.Services.GetRequiredService<ICommandBus>().SendAsync(new OpenTally("t-1"));

        using var start = new ManualResetEventSlim();
        var bumps = Enumerable.Range(1, 16).Select(amount => Task.Run(async () =>
        {
            start.Wait();
            var worker = amount % 2 == 0 ? first : second;
            await worker.Services.GetRequiredService<IEventBus>().PublishAsync(new TallyBumped("t-1", amount));
        })).ToList();
        start.Set();
        await Task.WhenAll(bumps);

        var saga = await LoadAsync(first, "t-1");
        Assert.Equal(Enumerable.Range(1, 16), saga.State.Amounts.Order());
        Assert.Equal(17, saga.Version);
        Assert.Empty(first.Services.GetRequiredService<InProcessDeadLetterQueue>().Snapshot());
        Assert.Empty(second.Services.GetRequiredService<InProcessDeadLetterQueue>().Snapshot());
    }

    [Fact]
    public async Task Message_DeliveredTwice_IsAppliedOnce()
    {
        using var host = CreateHost();
        await host.Services.GetRequiredService<ICommandBus>().SendAsync(new OpenTally("t-1"));
        var handler = host.Services.GetRequiredService<IEventHandler<TallyBumped>>();
        var delivery = new TestContext(Guid.NewGuid());

        await handler.HandleAsync(new TallyBumped("t-1", 5), delivery, CancellationToken.None);
        await handler.HandleAsync(new TallyBumped("t-1", 5), delivery, CancellationToken.None);

        Assert.Equal([5], (await LoadAsync(host, "t-1")).State.Amounts);
    }

    [Fact]
    public async Task UndeliveredDecision_MessageComesAgain_IsPublishedAndThenForgotten()
    {
        var (closeId, pendingId) = await DecideInAProcessWhoseTransportStoppedAsync();

        // Not started: no sweep at start, so only the repeat can publish it.
        using var host = CreateHost();
        var handler = host.Services.GetRequiredService<ICommandHandler<CloseTally>>();
        await handler.HandleAsync(new CloseTally("t-1"), new TestContext(closeId), CancellationToken.None);
        Assert.Equal(5, await _log.ClosedAsync("t-1"));
        await WaitUntilNothingPendingAsync(host);
        await handler.HandleAsync(new CloseTally("t-1"), new TestContext(closeId), CancellationToken.None);

        Assert.Equal([pendingId], _log.Closings("t-1"));
        Assert.True((await LoadAsync(host, "t-1")).Completed);
    }

    [Fact]
    public async Task UndeliveredDecision_ProcessStoppedBeforeDelivering_IsPublishedByTheNextAtStartUnderItsId()
    {
        var (_, pendingId) = await DecideInAProcessWhoseTransportStoppedAsync();

        using var after = CreateHost();
        await after.StartAsync();

        Assert.Equal(5, await _log.ClosedAsync("t-1"));
        await WaitUntilNothingPendingAsync(after);
        await after.StopAsync();
        Assert.Equal([pendingId], _log.Closings("t-1"));
    }

    [Fact]
    public async Task Message_ForASagaThatDoesNotExist_IsIgnoredAndCountedByDefault()
    {
        using var host = CreateHost();
        using var counters = new SagaCounters(host.Services);

        await host.Services.GetRequiredService<IEventBus>().PublishAsync(new TallyBumped("nobody", 5));

        Assert.Null(await host.Services.GetRequiredService<SagaRuntime<Tally>>().LoadAsync("nobody"));
        Assert.Equal(1, counters[SagaDiagnostics.SagasNotFound]);
        Assert.Empty(host.Services.GetRequiredService<InProcessDeadLetterQueue>().Snapshot());
    }

    [Fact]
    public async Task Message_ForASagaThatDoesNotExistWhenConfigured_IsDeadLetteredWithTheReason()
    {
        using var host = CreateHost(options => options.NotFound = SagaNotFound.DeadLetter);

        await host.Services.GetRequiredService<IEventBus>().PublishAsync(new TallyBumped("nobody", 5));

        var deadLetter = Assert.Single(host.Services.GetRequiredService<InProcessDeadLetterQueue>().Snapshot());
        Assert.Equal(DeadLetterReasons.HandlerFailed, deadLetter.Reason);
        Assert.Contains(nameof(SagaNotFoundException), deadLetter.Description, StringComparison.Ordinal);
        Assert.Contains("'nobody'", deadLetter.Description, StringComparison.Ordinal);
    }

    [Fact]
    public async Task CompletedSaga_LaterMessages_PublishesWhatItDecidedAndTakesNoMore()
    {
        using var host = CreateHost();
        using var counters = new SagaCounters(host.Services);
        var bus = host.Services.GetRequiredService<ICommandBus>();
        await bus.SendAsync(new OpenTally("t-1"));
        await host.Services.GetRequiredService<IEventBus>().PublishAsync(new TallyBumped("t-1", 5));

        await bus.SendAsync(new CloseTally("t-1"));
        await host.Services.GetRequiredService<IEventBus>().PublishAsync(new TallyBumped("t-1", 7));

        Assert.Equal(5, await _log.ClosedAsync("t-1"));
        var saga = await LoadAsync(host, "t-1");
        Assert.True(saga.Completed);
        Assert.Equal([5], saga.State.Amounts);
        Assert.Equal(1, counters[SagaDiagnostics.SagasCompleted]);
        Assert.Equal(1, counters[SagaDiagnostics.SagasNotFound]);
    }

    [Fact]
    public async Task Timeout_StoredBeforeARestart_FiresAfterIt()
    {
        await ArmInAProcessThatStopsAsync(close: false);

        using var after = CreateHost();
        using var counters = new SagaCounters(after.Services);
        await after.StartAsync();

        Assert.Equal(-1, await _log.ClosedAsync("t-1"));
        var saga = await LoadAsync(after, "t-1");
        Assert.True(saga.State.Expired);
        Assert.True(saga.Completed);
        Assert.Equal(1, counters[SagaDiagnostics.SagasTimedOut]);
        await Patience.WaitUntilAsync(
            async () => (await DueTimeoutsAsync(after)).Count == 0,
            () => "The delivered timeout was not deleted.");
        await after.StopAsync();
    }

    [Fact]
    public async Task Timeout_ForACompletedSaga_IsDroppedAndCounted()
    {
        await ArmInAProcessThatStopsAsync(close: true);

        using var after = CreateHost();
        using var counters = new SagaCounters(after.Services);
        await after.StartAsync();

        await Patience.WaitUntilAsync(
            () => Task.FromResult(counters[SagaDiagnostics.TimeoutsDropped] == 1),
            () => "The timeout of the completed saga was not dropped.");
        await Patience.WaitUntilAsync(
            async () => (await DueTimeoutsAsync(after)).Count == 0,
            () => "The dropped timeout was not deleted.");
        Assert.Equal(0, counters[SagaDiagnostics.SagasTimedOut]);
        Assert.False((await LoadAsync(after, "t-1")).State.Expired);
        await after.StopAsync();
    }

    [Fact]
    public async Task DueTimeouts_BacklogLargerThanABatch_FireWithoutWaitingForThePoll()
    {
        await ArmInAProcessThatStopsAsync(close: false, tallies: 5);

        using var after = CreateHost(sagas: options =>
        {
            options.TimeoutBatchSize = 2;
            options.TimeoutPollInterval = TimeSpan.FromDays(1);
        });
        await after.StartAsync();

        foreach (var tallyId in TallyIds(5))
        {
            Assert.Equal(-1, await _log.ClosedAsync(tallyId));
        }

        await after.StopAsync();
    }

    /// <summary>
    /// Opens tallies t-1 … t-<paramref name="tallies"/> and arms their timeouts (due at once) in a container whose
    /// scheduler never runs, as a process that stops before the timeouts fire; <paramref name="close"/> completes the
    /// sagas first.
    /// </summary>
    private async Task ArmInAProcessThatStopsAsync(bool close, int tallies = 1)
    {
        using var before = CreateHost();
        var bus = before.Services.GetRequiredService<ICommandBus>();
        foreach (var tallyId in TallyIds(tallies))
        {
            await bus.SendAsync(new OpenTally(tallyId));
            await bus.SendAsync(new ArmTally(tallyId));
            if (close)
            {
                await bus.SendAsync(new CloseTally(tallyId));
            }
        }
    }

    private static IEnumerable<string> TallyIds(int count) => Enumerable.Range(1, count).Select(index => $"t-{index}");

    /// <summary>
    /// Opens the tally, bumps it by 5 and closes it in a queueing container whose transport stopped before the close:
    /// the saga's turn is saved with its TallyClosed pending, and the hand-over fails, as in a process going down.
    /// Returns the close's message id and the id the pending event was given.
    /// </summary>
    private async Task<(Guid CloseId, Guid PendingId)> DecideInAProcessWhoseTransportStoppedAsync(string tallyId = "t-1")
    {
        using var before = CreateHost(direct: false);
        await before.Services.GetRequiredService<ICommandHandler<OpenTally>>().HandleAsync(new OpenTally(tallyId), new TestContext(Guid.NewGuid()), CancellationToken.None);
        await before.Services.GetRequiredService<IEventHandler<TallyBumped>>().HandleAsync(new TallyBumped(tallyId, 5), new TestContext(Guid.NewGuid()), CancellationToken.None);
        await before.Services.GetRequiredService<ITransport>().StopAsync();

        var closeId = Guid.NewGuid();
        await Assert.ThrowsAsync<ObjectDisposedException>(
            () => before.Services.GetRequiredService<ICommandHandler<CloseTally>>().HandleAsync(new CloseTally(tallyId), new TestContext(closeId), CancellationToken.None).AsTask());

        var store = before.Services.GetRequiredService<ISagaStore>();
        var saga = Assert.Single(await store.ReadSagasWithPendingAsync(10), saga => saga.SagaId == tallyId);
        var pending = Assert.Single(SagaData.Read(saga.Data).Pending);
        Assert.Equal(closeId, pending.CausationId);
        Assert.Empty(_log.Closings(tallyId));
        return (closeId, pending.MessageId);
    }

    private static Task WaitUntilNothingPendingAsync(IHost host) =>
        Patience.WaitUntilAsync(
            async () => (await host.Services.GetRequiredService<ISagaStore>().ReadSagasWithPendingAsync(10)).Count == 0,
            () => "The delivered message was not forgotten.");

    private IHost CreateHost(Action<SagaOptions>? sagas = null, bool direct = true, TimeProvider? clock = null) => SagaHost.Create(OpenStore(), _log, sagas, direct, services: clock is null ? null : services => services.AddSingleton(clock));

    private static async Task<LoadedSaga<Tally>> LoadAsync(IHost host, string tallyId) =>
        await host.Services.GetRequiredService<SagaRuntime<Tally>>().LoadAsync(tallyId) ?? throw new InvalidOperationException($"No tally '{tallyId}'.");

    private static Task<IReadOnlyList<SagaTimeoutRecord>> DueTimeoutsAsync(IHost host) =>
        host.Services.GetRequiredService<ISagaStore>().ReadDueTimeoutsAsync(DateTimeOffset.MaxValue, 10);
}
