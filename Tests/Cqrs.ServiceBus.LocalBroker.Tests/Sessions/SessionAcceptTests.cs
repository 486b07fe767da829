using Azure.Messaging.ServiceBus;

namespace Cqrs.ServiceBus.LocalBroker.Tests.Sessions;

/// <summary>Accepting a session, by name or the next available: the receiver gets that session's messages and no other's.</summary>
public sealed class SessionAcceptTests : BrokerTest
{
    protected override BrokerTopology Topology() => new BrokerTopology()
        .AddQueue("orders", queue => queue.RequiresSession = true)
        .AddTopic("events", topic => topic.AddSubscription("billing", subscription => subscription.RequiresSession = true));

    [Fact]
    public async Task AcceptNextSession_LocksTheSessionWithTheOldestMessage_AndReceivesOnlyItsMessages()
    {
        await using var sender = Client.CreateSender("orders");
        await sender.SendMessagesAsync([SessionMessage("b", "b-1"), SessionMessage("a", "a-1"), SessionMessage("b", "b-2")]);

        await using var receiver = await Client.AcceptNextSessionAsync("orders");
        var first = await ReceiveOne(receiver);
        var second = await ReceiveOne(receiver);

        Assert.Equal("b", receiver.SessionId);
        Assert.Equal(["b-1", "b-2"], [first.MessageId, second.MessageId]);
        Assert.All([first, second], message => Assert.Equal("b", message.SessionId));
        // A message in a session is locked as long as its session (AMQP timestamps carry milliseconds).
        Assert.True(receiver.SessionLockedUntil > DateTimeOffset.MinValue);
        Assert.Equal(receiver.SessionLockedUntil.ToUnixTimeMilliseconds(), first.LockedUntil.ToUnixTimeMilliseconds());
        await receiver.CompleteMessageAsync(first);
        await receiver.CompleteMessageAsync(second);
        Assert.Empty(await receiver.ReceiveMessagesAsync(1, TimeSpan.FromMilliseconds(200)));
    }

    [Fact]
    public async Task AcceptSession_ByName_ReceivesThatSessionsMessages()
    {
        await using var sender = Client.CreateSender("orders");
        await sender.SendMessagesAsync([SessionMessage("a", "a-1"), SessionMessage("b", "b-1")]);

        await using var receiver = await Client.AcceptSessionAsync("orders", "b");
        var received = await ReceiveOne(receiver);

        Assert.Equal(("b", "b-1"), (receiver.SessionId, received.MessageId));
        await receiver.CompleteMessageAsync(received);
    }

    [Fact]
    public async Task AcceptSession_ByNameOfASessionWithoutMessages_LocksIt_AndItsMessagesArriveLater()
    {
        await using var receiver = await Client.AcceptSessionAsync("orders", "later");
        await using var sender = Client.CreateSender("orders");
        await sender.SendMessageAsync(SessionMessage("later", "l-1"));

        var received = await ReceiveOne(receiver);

        Assert.Equal("l-1", received.MessageId);
        await receiver.CompleteMessageAsync(received);
    }

    [Fact]
    public async Task TopicCopies_KeepTheirSessionId_AndASubscriptionIsAcceptedBySession()
    {
        await using var sender = Client.CreateSender("events");
        await sender.SendMessageAsync(SessionMessage("order-7", "placed"));

        await using var receiver = await Client.AcceptNextSessionAsync("events", "billing");
        var received = await ReceiveOne(receiver);

        Assert.Equal(("order-7", "placed", "order-7"), (receiver.SessionId, received.MessageId, received.SessionId));
        await receiver.CompleteMessageAsync(received);
    }
}
