using Azure.Messaging.ServiceBus;

namespace Cqrs.ServiceBus.LocalBroker.Tests;

public sealed class TopicTests : BrokerTest
{
    protected override BrokerTopology Topology() => new BrokerTopology().AddTopic("events", topic => topic
        .AddSubscription("everything")
        .AddSubscription("orders", subscription => subscription.Filter = new CorrelationFilterOptions { Subject = "OrderPlaced" })
        .AddSubscription("tenant-a", subscription => subscription.Filter = new CorrelationFilterOptions
        {
            ApplicationProperties = { ["tenant"] = "a" },
        }));

    [Fact]
    public async Task Send_CopiesEachMessageToEveryMatchingSubscription()
    {
        await using var sender = Client.CreateSender("events");
        await sender.SendMessagesAsync(
        [
            new ServiceBusMessage("1") { MessageId = "order-a", Subject = "OrderPlaced", ApplicationProperties = { ["tenant"] = "a" } },
            new ServiceBusMessage("2") { MessageId = "order-b", Subject = "OrderPlaced", ApplicationProperties = { ["tenant"] = "b" } },
            new ServiceBusMessage("3") { MessageId = "paid-a", Subject = "OrderPaid", ApplicationProperties = { ["tenant"] = "a" } },
        ]);

        Assert.Equal(["order-a", "order-b", "paid-a"], await Drain("everything", 3));
        Assert.Equal(["order-a", "order-b"], await Drain("orders", 2));
        Assert.Equal(["order-a", "paid-a"], await Drain("tenant-a", 2));
    }

    [Fact]
    public async Task SubscriptionDeadLetterQueue_HoldsWhatItsSubscriptionDeadLettered()
    {
        await using var sender = Client.CreateSender("events");
        await sender.SendMessageAsync(new ServiceBusMessage("x") { MessageId = "bad", Subject = "OrderPlaced" });
        await using var receiver = Client.CreateReceiver("events", "orders");
        await receiver.DeadLetterMessageAsync(await ReceiveOne(receiver), "Invalid", "no handler");

        await using var deadLetters = Client.CreateReceiver("events", "orders", new ServiceBusReceiverOptions { SubQueue = SubQueue.DeadLetter });
        var dead = await ReceiveOne(deadLetters);

        Assert.Equal("bad", dead.MessageId);
        Assert.Equal("Invalid", dead.DeadLetterReason);
        Assert.Equal("bad", (await ReceiveOne(Client.CreateReceiver("events", "everything"))).MessageId);
    }

    private async Task<List<string>> Drain(string subscription, int expected)
    {
        await using var receiver = Client.CreateReceiver("events", subscription);
        var ids = new List<string>();
        while (ids.Count < expected)
        {
            var message = await ReceiveOne(receiver);
            ids.Add(message.MessageId);
            await receiver.CompleteMessageAsync(message);
        }

        Assert.Null(await receiver.PeekMessageAsync());
        return ids;
    }
}
