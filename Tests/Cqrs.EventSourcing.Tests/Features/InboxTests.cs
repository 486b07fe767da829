using Cqrs.EventSourcing.InMemory;
using Cqrs.EventSourcing.Tests.Support;
using Cqrs.Tests.Shared;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;
using Microsoft.Extensions.Time.Testing;

namespace Cqrs.EventSourcing.Tests.Features;

public sealed class InboxTests
{
    private static readonly string HandlerName = typeof(InboxTests).FullName!;
    private readonly StoreSet _store = StoreSet.InMemory();
    private readonly Inbox _inbox;

    public InboxTests() => _inbox = InboxOn(_store);

    [Fact]
    public async Task Inbox_MessageDeliveredTwice_HandlesItOnce()
    {
        var context = new TestContext(Guid.NewGuid());
        var runs = 0;

        var first = await _inbox.HandleOnceAsync(this, context, _ => Count(ref runs), CancellationToken.None);
        var second = await _inbox.HandleOnceAsync(this, context, _ => Count(ref runs), CancellationToken.None);

        Assert.Equal((true, false, 1), (first, second, runs));
    }

    [Fact]
    public async Task Inbox_ConcurrentDeliveriesOfOneMessage_RunItOnce()
    {
        var context = new TestContext(Guid.NewGuid());
        var runs = 0;

        await Task.WhenAll(Enumerable.Range(0, 16).Select(_ => Task.Run(async () =>
            await _inbox.HandleOnceAsync(this, context, async _ => { await Task.Yield(); Interlocked.Increment(ref runs); }, CancellationToken.None))));

        Assert.Equal(1, runs);
    }

    [Fact]
    public async Task Inbox_WorkThatFails_IsNotRecordedSoTheRetryRunsIt()
    {
        var context = new TestContext(Guid.NewGuid());
        var runs = 0;

        await Assert.ThrowsAsync<TimeoutException>(async () =>
            await _inbox.HandleOnceAsync(this, context, _ => throw new TimeoutException(), CancellationToken.None));
        var retried = await _inbox.HandleOnceAsync(this, context, _ => Count(ref runs), CancellationToken.None);

        Assert.True(retried);
        Assert.Equal(1, runs);
    }

    [Fact]
    public async Task Inbox_SeveralHandlers_EachHaveTheirOwnRecord()
    {
        var context = new TestContext(Guid.NewGuid());
        var runs = 0;

        await _inbox.HandleOnceAsync(this, context, _ => Count(ref runs), CancellationToken.None);
        await _inbox.HandleOnceAsync(new OtherHandler(), context, _ => Count(ref runs), CancellationToken.None);

        Assert.Equal(2, runs);
    }

    [Fact]
    public async Task Inbox_WorkPublishingToOtherInboxHandlersConcurrentlyInDirectMode_Completes()
    {
        // Each chain's second handler runs inside the first one's inbox lock, on its call stack: with many message
        // ids, some pairs of keys are bound to look alike to any fixed set of locks.
        using var host = Domain.Create(StoreSet.InMemory(), direct: true);
        var bus = host.Services.GetRequiredService<IEventBus>();
        const int Chains = 500;

        var publishing = Task.WhenAll(Enumerable.Range(0, Chains).Select(number => Task.Run(async () => await bus.PublishAsync(new ChainStarted(number)))));
        await publishing.WaitAsync(TimeSpan.FromSeconds(30));

        var deliveries = host.Services.GetRequiredService<Deliveries>();
        Assert.Equal(Chains, deliveries.ByMessageId.Count);
        Assert.All(deliveries.ByMessageId.Values, count => Assert.Equal(1, count));
    }

    [Fact]
    public async Task Inbox_MessageClaimedByAnotherInstance_ThrowsHeldNamingHandlerAndMessageWithoutRunningTheWork()
    {
        var context = new TestContext(Guid.NewGuid());
        await _store.ClaimAsync(HandlerName, context.MessageId, Guid.NewGuid(), TimeSpan.FromMinutes(1));
        var runs = 0;

        var held = await Assert.ThrowsAsync<InboxClaimHeldException>(async () =>
            await _inbox.HandleOnceAsync(this, context, _ => Count(ref runs), CancellationToken.None));

        Assert.Equal(0, runs);
        Assert.Equal((HandlerName, context.MessageId), (held.Handler, held.MessageId));
        Assert.Contains(HandlerName, held.Message, StringComparison.Ordinal);
        Assert.Contains(context.MessageId.ToString(), held.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Inbox_WorkThatFailsInOneInstance_ReleasesItsClaimSoAnotherRunsItAtOnce()
    {
        var context = new TestContext(Guid.NewGuid());
        var other = InboxOn(_store);
        var runs = 0;

        await Assert.ThrowsAsync<TimeoutException>(async () =>
            await _inbox.HandleOnceAsync(this, context, _ => throw new TimeoutException(), CancellationToken.None));
        var ranElsewhere = await other.HandleOnceAsync(this, context, _ => Count(ref runs), CancellationToken.None);

        Assert.Equal((true, 1), (ranElsewhere, runs));
    }

    [Fact]
    public async Task Inbox_WorkThatFailsWhereTheStoreCannotReleaseTheClaim_ThrowsTheWorksExceptionAndLogsTheClaimLeft()
    {
        using var logs = new CapturedLogs();
        using var loggers = new LoggerFactory([logs]);
        var inbox = new Inbox(new ReleaseFails(_store), Options.Create(new EventSourcingOptions()), TimeProvider.System, loggers.CreateLogger<Inbox>());
        var context = new TestContext(Guid.NewGuid());

        await Assert.ThrowsAsync<TimeoutException>(async () =>
            await inbox.HandleOnceAsync(this, context, _ => throw new TimeoutException(), CancellationToken.None));

        var logged = Assert.Single(logs.Entries);
        Assert.Equal(LogLevel.Warning, logged.Level);
        Assert.Contains(context.MessageId.ToString(), logged.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Inbox_WorkOutlastingTheClaim_RenewsItSoAnotherInstanceIsHeldOffUntilItIsRecorded()
    {
        using var timers = new SemaphoreSlim(0);
        var clock = new TimerSignal(timers);
        var store = StoreSet.InMemory(new InMemoryStorage(clock));
        var (first, second) = (InboxOn(store, clock), InboxOn(store, clock));
        var context = new TestContext(Guid.NewGuid());
        var working = new TaskCompletionSource();
        var running = first.HandleOnceAsync(this, context, async _ => await working.Task, CancellationToken.None).AsTask();
        Assert.True(await timers.WaitAsync(Patience.Timeout), "The inbox set no timer for its next renewal.");

        // Three claim durations: each renewal is made before the clock moves on, as the next wait's timer shows.
        for (var renewal = 0; renewal < 9; renewal++)
        {
            clock.Advance(new EventSourcingOptions().InboxClaimDuration / 3);
            Assert.True(await timers.WaitAsync(Patience.Timeout), "The inbox set no timer for its next renewal.");
        }

        var runs = 0;
        await Assert.ThrowsAsync<InboxClaimHeldException>(async () => await second.HandleOnceAsync(this, context, _ => Count(ref runs), CancellationToken.None));
        working.SetResult();
        Assert.True(await running);
        Assert.False(await second.HandleOnceAsync(this, context, _ => Count(ref runs), CancellationToken.None));
        Assert.Equal(0, runs);
    }

    private static Inbox InboxOn(IInboxStore store, TimeProvider? clock = null) =>
        new(store, Options.Create(new EventSourcingOptions()), clock ?? TimeProvider.System);

    private static ValueTask Count(ref int runs)
    {
        runs++;
        return ValueTask.CompletedTask;
    }

    private sealed class OtherHandler;

    /// <summary>A fake clock that releases <paramref name="timers"/> once for each timer made: the inbox waits on one between renewals.</summary>
    private sealed class TimerSignal(SemaphoreSlim timers) : FakeTimeProvider(DateTimeOffset.UtcNow)
    {
        public override ITimer CreateTimer(TimerCallback callback, object? state, TimeSpan dueTime, TimeSpan period)
        {
            var timer = base.CreateTimer(callback, state, dueTime, period);
            timers.Release();
            return timer;
        }
    }

    /// <summary>An inbox store that cannot release claims, as one whose connection just dropped.</summary>
    private sealed class ReleaseFails(IInboxStore store) : IInboxStore
    {
        public Task<InboxClaim> ClaimAsync(string handler, Guid messageId, Guid claimant, TimeSpan lease, CancellationToken cancellationToken = default) =>
            store.ClaimAsync(handler, messageId, claimant, lease, cancellationToken);

        public Task ReleaseClaimAsync(string handler, Guid messageId, Guid claimant, CancellationToken cancellationToken = default) =>
            throw new InvalidOperationException("The store is unreachable.");

        public Task MarkHandledAsync(string handler, Guid messageId, CancellationToken cancellationToken = default) =>
            store.MarkHandledAsync(handler, messageId, cancellationToken);

        public Task<int> PurgeHandledAsync(DateTimeOffset handledBefore, CancellationToken cancellationToken = default) =>
            store.PurgeHandledAsync(handledBefore, cancellationToken);
    }
}
