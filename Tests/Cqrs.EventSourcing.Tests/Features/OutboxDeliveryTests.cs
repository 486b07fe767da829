using Cqrs.EventSourcing.InMemory;
using Cqrs.EventSourcing.Tests.Support;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Sample.Domain.Accounts;

namespace Cqrs.EventSourcing.Tests.Features;

/// <summary>
/// An event leaves the outbox only once every in-process handler has handled it: one its handlers could not finish
/// (queued: the process stopped past its shutdown timeout; direct dispatch: the caller cancelled) is published again
/// by the next process's sweep.
/// </summary>
public sealed class OutboxDeliveryTests
{
    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task Event_HandlerDidNotFinish_StaysInTheOutboxAndIsPublishedOnRestart(bool direct)
    {
        var store = StoreSet.InMemory();
        using (var host = Domain.Create(store, direct: direct, configureCqrs: options => options.InProcess.ShutdownTimeout = TimeSpan.FromMilliseconds(100)))
        {
            await host.StartAsync();
            var gate = host.Services.GetRequiredService<DepositGate>();
            var bus = host.Services.GetRequiredService<ICommandBus>();
            await bus.SendAsync(new OpenAccount("acc-1", "Ada"));
            gate.Shut();

            using var caller = new CancellationTokenSource();
            var depositing = bus.SendAsync(new Deposit("acc-1", 5m), caller.Token).AsTask();
            await gate.Entered.WaitAsync(TimeSpan.FromSeconds(30));
            if (direct)
            {
                await caller.CancelAsync();
                await Assert.ThrowsAnyAsync<OperationCanceledException>(() => depositing);
            }

            await host.StopAsync();
        }

        var unpublished = await store.ReadUnpublishedAsync(10);
        Assert.Equal(["sample.v1.money-deposited"], unpublished.Select(stored => stored.WireName));

        using var restarted = Domain.Create(store);
        var republished = await restarted.Services.GetRequiredService<OutboxPublisher>().SweepAsync(CancellationToken.None);

        Assert.Equal(1, republished);
        Assert.Equal([unpublished[0].EventId], restarted.Services.GetRequiredService<Deliveries>().ByMessageId.Keys);
        Assert.Empty(await store.ReadUnpublishedAsync(10));
    }
}
