using Cqrs.EventSourcing.InMemory;
using Cqrs.EventSourcing.Tests.Support;

namespace Cqrs.EventSourcing.Tests.Features;

public sealed class InboxTests
{
    private readonly Inbox _inbox = new(new InMemoryEventStore());

    [Fact]
    public async Task A_message_delivered_twice_is_handled_once()
    {
        var context = new TestContext(Guid.NewGuid());
        var runs = 0;

        var first = await _inbox.HandleOnceAsync(this, context, _ => Count(ref runs), CancellationToken.None);
        var second = await _inbox.HandleOnceAsync(this, context, _ => Count(ref runs), CancellationToken.None);

        Assert.Equal((true, false, 1), (first, second, runs));
    }

    [Fact]
    public async Task Concurrent_deliveries_of_one_message_run_it_once()
    {
        var context = new TestContext(Guid.NewGuid());
        var runs = 0;

        await Task.WhenAll(Enumerable.Range(0, 16).Select(_ => Task.Run(async () =>
            await _inbox.HandleOnceAsync(this, context, async _ => { await Task.Yield(); Interlocked.Increment(ref runs); }, CancellationToken.None))));

        Assert.Equal(1, runs);
    }

    [Fact]
    public async Task Work_that_fails_is_not_recorded_so_the_retry_runs_it()
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
    public async Task Each_handler_has_its_own_record()
    {
        var context = new TestContext(Guid.NewGuid());
        var runs = 0;

        await _inbox.HandleOnceAsync(this, context, _ => Count(ref runs), CancellationToken.None);
        await _inbox.HandleOnceAsync(new OtherHandler(), context, _ => Count(ref runs), CancellationToken.None);

        Assert.Equal(2, runs);
    }

    private static ValueTask Count(ref int runs)
    {
        runs++;
        return ValueTask.CompletedTask;
    }

    private sealed class OtherHandler;
}
