using Azure.Messaging.ServiceBus;
using Microsoft.Extensions.Time.Testing;

namespace Cqrs.ServiceBus.LocalBroker.Tests;

/// <summary>Locks on the broker's clock, a fake one that the tests move on: a lock runs out only when a test says so.</summary>
public sealed class LockTests : BrokerTest
{
    private static readonly TimeSpan LockDuration = TimeSpan.FromSeconds(1);

    /// <summary>Past a lock's expiry, and past the broker's next sweep after it.</summary>
    private static readonly TimeSpan PastTheLock = LockDuration + TimeSpan.FromMilliseconds(100);

    // Years behind the real clock: a lock read against the real one would be long expired.
    private readonly FakeTimeProvider clock = new();

    protected override BrokerTopology Topology() => new BrokerTopology()
        .AddQueue("short-lock", queue => queue.LockDuration = LockDuration)
        .AddQueue("two-tries", queue =>
        {
            queue.LockDuration = LockDuration;
            queue.MaxDeliveryCount = 2;
        });

    protected override LocalServiceBusBrokerOptions Options() => new() { TimeProvider = clock };

    [Fact]
    public async Task ExpiredLock_MakesTheMessageAvailableAgainWithTheNextDeliveryCount()
    {
        await using var sender = Client.CreateSender("short-lock");
        await sender.SendMessageAsync(Message("slow"));
        await using var receiver = Client.CreateReceiver("short-lock");
        var first = await ReceiveOne(receiver);

        clock.Advance(PastTheLock);
        var again = await ReceiveOne(receiver);

        Assert.Equal("slow", again.MessageId);
        Assert.Equal(first.DeliveryCount + 1, again.DeliveryCount);
        Assert.NotEqual(first.LockToken, again.LockToken);
        var error = await Assert.ThrowsAsync<ServiceBusException>(() => receiver.CompleteMessageAsync(first));
        Assert.Equal(ServiceBusFailureReason.MessageLockLost, error.Reason);
        await receiver.CompleteMessageAsync(again);
    }

    [Fact]
    public async Task ReceiverDisposedWithoutSettling_MessageComesBackAfterTheLockExpires()
    {
        await using var sender = Client.CreateSender("short-lock");
        await sender.SendMessageAsync(Message("orphan"));
        await using (var doomed = Client.CreateReceiver("short-lock"))
        {
            Assert.Equal("orphan", (await ReceiveOne(doomed)).MessageId);
        }

        clock.Advance(PastTheLock);
        await using var receiver = Client.CreateReceiver("short-lock");
        var redelivered = await ReceiveOne(receiver);

        Assert.Equal("orphan", redelivered.MessageId);
        Assert.Equal(2, redelivered.DeliveryCount);
        await receiver.CompleteMessageAsync(redelivered);
    }

    [Fact]
    public async Task MaxDeliveryCount_DeadLettersWithTheServicesReason()
    {
        await using var sender = Client.CreateSender("two-tries");
        await sender.SendMessageAsync(Message("hopeless"));
        await using var receiver = Client.CreateReceiver("two-tries");
        await receiver.AbandonMessageAsync(await ReceiveOne(receiver));
        Assert.Equal(2, (await ReceiveOne(receiver)).DeliveryCount);

        clock.Advance(PastTheLock);
        await using var deadLetters = Client.CreateReceiver("two-tries", new ServiceBusReceiverOptions { SubQueue = SubQueue.DeadLetter });
        var dead = await ReceiveOne(deadLetters);

        Assert.Equal("hopeless", dead.MessageId);
        Assert.Equal("MaxDeliveryCountExceeded", dead.DeadLetterReason);
        Assert.Null(await receiver.PeekMessageAsync());
    }

    [Fact]
    public async Task RenewLock_ExtendsTheLockPastItsFirstExpiry()
    {
        await using var sender = Client.CreateSender("short-lock");
        await sender.SendMessageAsync(Message("renewed"));
        await using var receiver = Client.CreateReceiver("short-lock");
        var received = await ReceiveOne(receiver);
        var firstExpiry = received.LockedUntil;

        clock.Advance(LockDuration * 0.6);
        await receiver.RenewMessageLockAsync(received);
        Assert.True(received.LockedUntil > firstExpiry);

        // Past the first expiry, within the renewed one: the lock still holds.
        clock.Advance(LockDuration * 0.6);
        await receiver.CompleteMessageAsync(received);
    }
}
