using Azure.Messaging.ServiceBus;

namespace Cqrs.ServiceBus.LocalBroker.Tests.Sessions;

/// <summary>A session's messages come in the order sent, through abandons and from one receiver to the next.</summary>
public sealed class SessionOrderTests : BrokerTest
{
    protected override BrokerTopology Topology() => new BrokerTopology().AddQueue("orders", queue => queue.RequiresSession = true);

    [Fact]
    public async Task SessionMessages_InterleavedWithOthers_ComeInTheOrderSent()
    {
        await using var sender = Client.CreateSender("orders");
        for (var index = 0; index < 10; index++)
        {
            await sender.SendMessagesAsync([SessionMessage("a", $"a-{index}"), SessionMessage("b", $"b-{index}")]);
        }

        await using var receiver = await Client.AcceptSessionAsync("orders", "b", new ServiceBusSessionReceiverOptions { PrefetchCount = 4 });
        var received = new List<string>();
        while (received.Count < 10)
        {
            var message = await ReceiveOne(receiver);
            received.Add(message.MessageId);
            await receiver.CompleteMessageAsync(message);
        }

        Assert.Equal(Enumerable.Range(0, 10).Select(index => $"b-{index}"), received);
    }

    [Fact]
    public async Task Abandon_RedeliversTheSameMessageBeforeTheNext()
    {
        await using var sender = Client.CreateSender("orders");
        await sender.SendMessagesAsync([SessionMessage("a", "a-1"), SessionMessage("a", "a-2")]);
        await using var receiver = await Client.AcceptSessionAsync("orders", "a");

        await receiver.AbandonMessageAsync(await ReceiveOne(receiver));
        var again = await ReceiveOne(receiver);

        Assert.Equal(("a-1", 2), (again.MessageId, again.DeliveryCount));
    }

    [Fact]
    public async Task TheNextReceiverOfASession_ContinuesInOrder_FromTheFirstMessageNotCompleted()
    {
        await using var sender = Client.CreateSender("orders");
        await sender.SendMessagesAsync(Enumerable.Range(1, 5).Select(index => SessionMessage("a", $"a-{index}")));
        await using (var first = await Client.AcceptSessionAsync("orders", "a"))
        {
            await first.CompleteMessageAsync(await ReceiveOne(first));
            Assert.Equal("a-2", (await ReceiveOne(first)).MessageId); // left unsettled
            Assert.Equal("a-3", (await ReceiveOne(first)).MessageId); // left unsettled
        }

        await using var next = await Client.AcceptNextSessionAsync("orders");
        var received = new List<string>();
        while (received.Count < 4)
        {
            var message = await ReceiveOne(next);
            received.Add(message.MessageId);
            await next.CompleteMessageAsync(message);
        }

        Assert.Equal(["a-2", "a-3", "a-4", "a-5"], received);
    }
}
