using Azure.Messaging.ServiceBus;
using Cqrs.ServiceBus.LocalBroker;
using Cqrs.ServiceBus.Tests.Domain.Stalling;
using Cqrs.Testing;
using Cqrs.Testing.Domain.Counting;
using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Shared;
using Microsoft.Extensions.DependencyInjection;
using Xunit.Abstractions;

namespace Cqrs.ServiceBus.Tests;

/// <summary>
/// What the broker's locks mean for the transport: a delivery whose handler outlives its lock comes back and is
/// handled; one that never finishes within its lock is dead-lettered by the broker once its delivery count runs out;
/// and a large load through real locks loses nothing. Each test releases its stalled handlers on the way out, so no handler is left waiting.
/// </summary>
public sealed class ServiceBusDeliveryTests(ITestOutputHelper output) : IAsyncDisposable
{
    private static readonly TimeSpan ShortLock = TimeSpan.FromSeconds(1);

    private readonly ServiceBusTestHost _host = new();

    [Fact]
    public async Task Handler_OutlivingItsLock_IsDeliveredAgainAndHandled()
    {
        var provider = _host.Create(transport: NoLockRenewal, entity: entity => entity.LockDuration = ShortLock);
        var recorder = provider.GetRequiredService<Recorder>();
        var release = provider.GetRequiredService<StallRelease>();
        try
        {
            await provider.GetRequiredService<ICommandBus>().SendAsync(new Stall(1, StalledDeliveries: 1));

            await recorder.WaitUntilAsync(calls => calls.Any(call => call.DeliveryCount == 2));
        }
        finally
        {
            release.Release();
            await provider.DisposeAsync();
        }

        Assert.Equal([1, 2], recorder.Of<StallHandler>().Select(call => call.DeliveryCount));
    }

    [Fact]
    public async Task Handler_NeverFinishingWithinItsLock_IsDeadLetteredByTheBrokerAtItsMaxDeliveryCount()
    {
        var provider = _host.Create(
            transport: NoLockRenewal,
            entity: entity =>
            {
                entity.LockDuration = ShortLock;
                entity.MaxDeliveryCount = 2;
            });
        var deadLetters = _host.DeadLettersOf(provider);
        var release = provider.GetRequiredService<StallRelease>();
        var recorder = provider.GetRequiredService<Recorder>();
        IReadOnlyList<DeadLetter> letters;
        try
        {
            var sent = await provider.GetRequiredService<ICommandBus>().SendAsync(new Stall(1, StalledDeliveries: int.MaxValue));

            letters = await TransportContractTests.WaitForDeadLettersAsync(deadLetters);
            Assert.Equal(sent.MessageId, Assert.Single(letters).MessageId);
        }
        finally
        {
            release.Release();
            await provider.DisposeAsync();
        }

        Assert.Equal("MaxDeliveryCountExceeded", letters[0].Reason);
        Assert.Equal(2, recorder.Of<StallHandler>().Count);
    }

    /// <summary>
    /// A message prefetched behind a stalled handler waits in the client's buffer while its lock runs out, and the broker
    /// hands it to another receiver: the stale copy is not handled. The handler takes one message at a time, so once it
    /// has handled a message sent after the stall was released, it has passed the stale one.
    /// </summary>
    [Fact]
    public async Task Message_WhoseLockRanOutInThePrefetchBuffer_IsNotHandledThere()
    {
        var provider = _host.Create(
            transport: settings =>
            {
                settings.MaxConcurrentCalls = 1;
                settings.PrefetchCount = 10;
                settings.ExpectedHandlerTime = TimeSpan.FromMilliseconds(1); // keeps the prefetch guard out of the way
            },
            entity: entity => entity.LockDuration = ShortLock);
        var recorder = provider.GetRequiredService<Recorder>();
        var release = provider.GetRequiredService<StallRelease>();
        var bus = provider.GetRequiredService<ICommandBus>();
        var broker = provider.GetRequiredService<LocalServiceBusBroker>();
        SentMessage waiting;
        SentMessage next;
        try
        {
            await bus.SendAsync(new Stall(1, StalledDeliveries: 1));
            await recorder.WaitForAsync<StallHandler>();
            waiting = await bus.SendAsync(new Stall(2, StalledDeliveries: 0));

            await using (var client = new ServiceBusClient(broker.ConnectionString))
            await using (var other = client.CreateReceiver(provider.GetRequiredService<ServiceBusTopology>().CommandQueue))
            {
                var taken = await other.ReceiveMessageAsync(Patience.Timeout);
                Assert.Equal(waiting.MessageId.ToString(), taken.MessageId);
                Assert.True(taken.DeliveryCount >= 2, "The message went to the stalled process's buffer first."); // and maybe again, once its first lock ran out
                await other.CompleteMessageAsync(taken);
            }

            release.Release();
            next = await bus.SendAsync(new Stall(3, StalledDeliveries: 0));
            await recorder.WaitUntilAsync(calls => calls.Any(call => call.MessageId == next.MessageId));
        }
        finally
        {
            release.Release();
            await provider.DisposeAsync();
        }

        Assert.DoesNotContain(recorder.Of<StallHandler>(), call => call.MessageId == waiting.MessageId);
    }

    /// <summary>Half commands, half the events they raise (each handled by two handlers), all through real locks.</summary>
    [Fact]
    public async Task ManyCommandsFromManyTasks_WithConcurrency_AreEachHandledOnceAndNoneLost()
    {
        const int Pings = 50_000;
        const int Senders = 16;
        var provider = _host.Create(transport: settings =>
        {
            settings.MaxConcurrentCalls = 16;
            settings.PrefetchCount = 200;
        });
        var tally = provider.GetRequiredService<Tally>();
        tally.Expect(Pings);
        var bus = provider.GetRequiredService<ICommandBus>();

        await Task.WhenAll(Enumerable.Range(0, Senders).Select(sender => Task.Run(async () =>
        {
            for (var number = sender; number < Pings; number += Senders)
            {
                await bus.SendAsync(new Ping(number));
            }
        })));
        await tally.Done.WaitAsync(TimeSpan.FromMinutes(3));
        await provider.DisposeAsync();

        foreach (var column in Enum.GetValues<TallyColumn>())
        {
            var hits = tally.Hits(column);
            output.WriteLine($"{column}: {hits.Count(count => count == 0)} lost, {hits.Sum(count => Math.Max(count - 1, 0))} duplicates");
            Assert.All(hits, count => Assert.Equal(1, count));
        }
    }

    public ValueTask DisposeAsync() => _host.DisposeAsync();

    /// <summary>The lock runs out while the handler works, as it does when renewal is off or cannot keep up.</summary>
    private static void NoLockRenewal(ServiceBusOptions settings) => settings.MaxAutoLockRenewalDuration = TimeSpan.Zero;
}
