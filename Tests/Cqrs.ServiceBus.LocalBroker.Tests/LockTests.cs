using Azure.Messaging.ServiceBus;

namespace Cqrs.ServiceBus.LocalBroker.Tests;

public sealed class LockTests : BrokerTest
{
    protected override BrokerTopology Topology() => new BrokerTopology()
        .AddQueue("short-lock", queue => queue.LockDuration = TimeSpan.FromSeconds(1))
        .AddQueue("two-tries", queue =>
        {
            queue.LockDuration = TimeSpan.FromSeconds(1);
            queue.MaxDeliveryCount = 2;
        });

    [Fact]
    public async Task ExpiredLock_MakesTheMessageAvailableAgainWithTheNextDeliveryCount()
    {
        await using var sender = Client.CreateSender("short-lock");
        await sender.SendMessageAsync(Message("slow"));
        await using var receiver = Client.CreateReceiver("short-lock");
        var first = await ReceiveOne(receiver);

        var again = await ReceiveOne(receiver); // arrives once the first lock expires

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
        Assert.Equal(2, (await ReceiveOne(receiver)).DeliveryCount); // and its lock runs out

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

        // Expiries travel in whole milliseconds: a renewal within the millisecond of the lock would set the same one.
        SpinWait.SpinUntil(() => DateTimeOffset.UtcNow >= firstExpiry - TimeSpan.FromSeconds(1) + TimeSpan.FromMilliseconds(1));
        await receiver.RenewMessageLockAsync(received);

        Assert.True(received.LockedUntil > firstExpiry);
        await receiver.CompleteMessageAsync(received);
    }
}
