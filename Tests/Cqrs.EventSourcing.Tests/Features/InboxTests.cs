using Cqrs.EventSourcing.InMemory;
using Cqrs.EventSourcing.Tests.Support;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.EventSourcing.Tests.Features;

public sealed class InboxTests
{
    private readonly Inbox _inbox = new(StoreSet.InMemory());

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

    private static ValueTask Count(ref int runs)
    {
        runs++;
        return ValueTask.CompletedTask;
    }

    private sealed class OtherHandler;
}
