using Azure.Messaging.ServiceBus;

namespace Cqrs.ServiceBus.LocalBroker.Tests;

public sealed class SettlementTests : BrokerTest
{
    protected override BrokerTopology Topology() => new BrokerTopology().AddQueue("work");

    [Fact]
    public async Task Abandon_WithPropertiesToModify_RedeliversWithTheNextDeliveryCountAndTheProperties()
    {
        await using var sender = Client.CreateSender("work");
        await sender.SendMessageAsync(Message("a"));
        await using var receiver = Client.CreateReceiver("work");
        var first = await ReceiveOne(receiver);

        await receiver.AbandonMessageAsync(first, new Dictionary<string, object> { ["reason"] = "retry" });
        var second = await ReceiveOne(receiver);

        Assert.Equal("a", second.MessageId);
        Assert.Equal(2, second.DeliveryCount);
        Assert.Equal("retry", second.ApplicationProperties["reason"]);
        Assert.Equal(first.SequenceNumber, second.SequenceNumber);
        await receiver.CompleteMessageAsync(second);
    }

    [Fact]
    public async Task DeadLetter_MovesTheMessageToTheDeadLetterSubQueueWithReasonAndDescription()
    {
        await using var sender = Client.CreateSender("work");
        await sender.SendMessageAsync(Message("poison", "bad body"));
        await using var receiver = Client.CreateReceiver("work");
        var received = await ReceiveOne(receiver);

        await receiver.DeadLetterMessageAsync(received, "Unreadable", "The body is not MessagePack.");

        await using var deadLetters = Client.CreateReceiver("work", new ServiceBusReceiverOptions { SubQueue = SubQueue.DeadLetter });
        var dead = await ReceiveOne(deadLetters);
        Assert.Equal("poison", dead.MessageId);
        Assert.Equal("bad body", dead.Body.ToString());
        Assert.Equal("Unreadable", dead.DeadLetterReason);
        Assert.Equal("The body is not MessagePack.", dead.DeadLetterErrorDescription);
        Assert.Equal("work", dead.DeadLetterSource);
        await deadLetters.CompleteMessageAsync(dead);
        Assert.Null(await receiver.PeekMessageAsync());
        Assert.Null(await deadLetters.PeekMessageAsync());
    }

    [Fact]
    public async Task Defer_SetsTheMessageAsideUntilReceivedBySequenceNumber()
    {
        await using var sender = Client.CreateSender("work");
        await sender.SendMessagesAsync([Message("deferred"), Message("next")]);
        await using var receiver = Client.CreateReceiver("work");
        var first = await ReceiveOne(receiver);
        await receiver.DeferMessageAsync(first);

        var next = await ReceiveOne(receiver);
        Assert.Equal("next", next.MessageId);
        await receiver.CompleteMessageAsync(next);

        var deferred = await receiver.ReceiveDeferredMessageAsync(first.SequenceNumber);
        Assert.Equal("deferred", deferred.MessageId);
        await receiver.CompleteMessageAsync(deferred); // over $management update-disposition: not tracked on the link
        Assert.Null(await receiver.PeekMessageAsync(first.SequenceNumber));
    }

    [Fact]
    public async Task ReceiveDeferred_ForAMessageNotDeferred_RaisesMessageNotFound()
    {
        await using var receiver = Client.CreateReceiver("work");

        var error = await Assert.ThrowsAsync<ServiceBusException>(() => receiver.ReceiveDeferredMessageAsync(12345));

        Assert.Equal(ServiceBusFailureReason.MessageNotFound, error.Reason);
    }

    [Fact]
    public async Task Peek_PagesThroughMessagesWithoutLockingThem()
    {
        await using var sender = Client.CreateSender("work");
        await sender.SendMessagesAsync([Message("p0"), Message("p1"), Message("p2")]);
        await using var receiver = Client.CreateReceiver("work");

        var firstPage = await receiver.PeekMessagesAsync(2);
        var secondPage = await receiver.PeekMessagesAsync(2);

        Assert.Equal(["p0", "p1"], firstPage.Select(message => message.MessageId));
        Assert.Equal(["p2"], secondPage.Select(message => message.MessageId));
        var received = await ReceiveOne(receiver);
        Assert.Equal("p0", received.MessageId);
        Assert.Equal(1, received.DeliveryCount);
    }
}
