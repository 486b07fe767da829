using Cqrs.EventSourcing.InMemory;
using Cqrs.EventSourcing.Tests.Support;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Time.Testing;
using Sample.Domain.Accounts;

namespace Cqrs.EventSourcing.Tests.Features;

public sealed class OutboxTests
{
    [Fact]
    public async Task Sweep_EventsPublishedButNotMarked_MarksThemAndDoesNotPublishThemAgain()
    {
        var storage = new InMemoryStorage();
        var store = new OutboxFaultStore(storage, markFailures: 2);
        using var host = Domain.Create(StoreSet.InMemory(storage, outbox: store), direct: true);
        var bus = host.Services.GetRequiredService<ICommandBus>();

        await bus.SendAsync(new OpenAccount("acc-1", "Ada"));
        await bus.SendAsync(new Deposit("acc-1", 5m));
        var unmarked = (await store.ReadUnpublishedAsync(10)).Count;
        var publisher = host.Services.GetRequiredService<OutboxPublisher>();
        var republished = await publisher.SweepAsync(CancellationToken.None);

        Assert.Equal(2, unmarked);
        Assert.Equal(0, republished);
        Assert.Empty(await store.ReadUnpublishedAsync(10));
        Assert.Equal([1], host.Services.GetRequiredService<Deliveries>().ByMessageId.Values);
        Assert.Equal(["Ada"], host.Services.GetRequiredService<WelcomeMessages>().Sent);
    }

    [Fact]
    public async Task Sweeper_UnderTheAppsClock_SweepsAgainOnceThatClockHasPassedTheInterval()
    {
        var clock = new FakeTimeProvider();
        var storage = new InMemoryStorage(clock);
        var store = new OutboxFaultStore(storage);
        using var host = Domain.Create(
            StoreSet.InMemory(storage, outbox: store), options => options.OutboxSweepInterval = TimeSpan.FromHours(1), addServices: services => services.AddSingleton<TimeProvider>(clock));
        await host.StartAsync();
        await Patience.WaitUntilAsync(() => Task.FromResult(store.ReadsFinished == 1), () => $"The sweep at start read {store.ReadsFinished} times.");

        clock.Advance(TimeSpan.FromHours(1));

        await Patience.WaitUntilAsync(() => Task.FromResult(store.ReadsFinished == 2), () => $"The sweeps read {store.ReadsFinished} times, the app's clock an interval on.");
        await host.StopAsync();
    }

    [Fact]
    public void Dispose_RunningHostNotStopped_WaitsForTheSweepUnderWay()
    {
        var storage = new InMemoryStorage();
        var store = new OutboxFaultStore(storage, readDelay: TimeSpan.FromMilliseconds(200));
        var host = Domain.Start(StoreSet.InMemory(storage, outbox: store), options => options.OutboxSweepInterval = TimeSpan.FromMilliseconds(10));
        Assert.True(SpinWait.SpinUntil(() => store.ReadsStarted > 0, Patience.Timeout), "No sweep started.");

        host.Dispose();

        // The sweep under way ended before the container went on to dispose what it uses (the store among them).
        Assert.Equal(store.ReadsStarted, store.ReadsFinished);
    }
}
