using Azure.Messaging.ServiceBus;

namespace Cqrs.ServiceBus.LocalBroker.Tests;

/// <summary>The broker counts its operations as Service Bus bills them: per message and per 64 KB, per delivery, per settlement.</summary>
public sealed class OperationCountTests : BrokerTest
{
    protected override BrokerTopology Topology() => new BrokerTopology().AddTopic("events", topic => topic
        .AddSubscription("first")
        .AddSubscription("second"));

    [Fact]
    public async Task EveryMessageSent_EveryDelivery_AndEverySettlement_IsOneOperationPer64KB()
    {
        var before = Broker.Operations;
        await using var sender = Client.CreateSender("events");
        // One batch of two: a small message, and one of 100 KB, billed as two.
        await sender.SendMessagesAsync([Message("small"), Message("large", new string('x', 100 * 1024))]);
        await using var first = Client.CreateReceiver("events", "first");
        await first.CompleteMessageAsync(await ReceiveOne(first));
        await first.CompleteMessageAsync(await ReceiveOne(first));
        await using var second = Client.CreateReceiver("events", "second");
        var abandoned = await ReceiveOne(second);
        await second.RenewMessageLockAsync(abandoned);
        await second.AbandonMessageAsync(abandoned);
        // The abandoned message comes again: its second delivery counts again.
        var again = await ReceiveOne(second);
        await second.CompleteMessageAsync(again);

        var counted = Broker.Operations.Since(before);

        Assert.Equal(3, counted.Sends);
        Assert.Equal(("small", "small"), (abandoned.MessageId, again.MessageId));
        // The first subscription's copies (1 + 2), and the second's small message twice.
        Assert.Equal(5, counted.Receives);
        Assert.Equal(4, counted.Settlements);
        Assert.Equal(1, counted.LockRenewals);
        Assert.Equal(counted.Sends + counted.Receives + counted.Settlements + counted.LockRenewals + counted.Other, counted.Total);
    }
}
