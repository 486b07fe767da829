using Azure.Messaging.ServiceBus;

namespace Cqrs.ServiceBus.LocalBroker.Tests.Sessions;

/// <summary>Dead-lettering, deferral, delivery counts and peeking, within a session.</summary>
public sealed class SessionSettlementTests : BrokerTest
{
    protected override BrokerTopology Topology() => new BrokerTopology().AddQueue("orders", queue =>
    {
        queue.RequiresSession = true;
        queue.MaxDeliveryCount = 2;
    });

    [Fact]
    public async Task DeadLetter_InASession_GoesToTheDeadLetterQueue_ReadByAPlainReceiverWithItsSessionId()
    {
        await Send(SessionMessage("a", "poison"));
        await using var receiver = await Client.AcceptSessionAsync("orders", "a");

        await receiver.DeadLetterMessageAsync(await ReceiveOne(receiver), "Unreadable", "Not MessagePack.");

        // The dead-letter queue does not require sessions.
        await using var deadLetters = Client.CreateReceiver("orders", new ServiceBusReceiverOptions { SubQueue = SubQueue.DeadLetter });
        var dead = await ReceiveOne(deadLetters);
        Assert.Equal(("poison", "a", "Unreadable"), (dead.MessageId, dead.SessionId, dead.DeadLetterReason));
    }

    [Fact]
    public async Task MaxDeliveryCount_InASession_DeadLettersAndTheNextMessageFollows()
    {
        await Send(SessionMessage("a", "hopeless"), SessionMessage("a", "fine"));
        await using var receiver = await Client.AcceptSessionAsync("orders", "a");

        await receiver.AbandonMessageAsync(await ReceiveOne(receiver));
        await receiver.AbandonMessageAsync(await ReceiveOne(receiver));

        Assert.Equal("fine", (await ReceiveOne(receiver)).MessageId);
        await using var deadLetters = Client.CreateReceiver("orders", new ServiceBusReceiverOptions { SubQueue = SubQueue.DeadLetter });
        Assert.Equal("MaxDeliveryCountExceeded", (await ReceiveOne(deadLetters)).DeadLetterReason);
    }

    [Fact]
    public async Task Defer_InASession_IsReceivedBySequenceNumberByTheSessionsHolder_AndCompleted()
    {
        await Send(SessionMessage("a", "later"), SessionMessage("a", "now"));
        await using var receiver = await Client.AcceptSessionAsync("orders", "a");
        var deferred = await ReceiveOne(receiver);
        await receiver.DeferMessageAsync(deferred);
        Assert.Equal("now", (await ReceiveOne(receiver)).MessageId);

        var fetched = Assert.Single(await receiver.ReceiveDeferredMessagesAsync([deferred.SequenceNumber]));

        Assert.Equal(("later", "a"), (fetched.MessageId, fetched.SessionId));
        await receiver.CompleteMessageAsync(fetched);
    }

    [Fact]
    public async Task Defer_InASession_IsNotFetchedThroughAnotherSession()
    {
        await Send(SessionMessage("a", "later"));
        long sequenceNumber;
        await using (var a = await Client.AcceptSessionAsync("orders", "a"))
        {
            var deferred = await ReceiveOne(a);
            sequenceNumber = deferred.SequenceNumber;
            await a.DeferMessageAsync(deferred);
        }

        await using var b = await Client.AcceptSessionAsync("orders", "b");

        var error = await Assert.ThrowsAsync<ServiceBusException>(() => b.ReceiveDeferredMessagesAsync([sequenceNumber]));
        Assert.Equal(ServiceBusFailureReason.MessageNotFound, error.Reason);
    }

    [Fact]
    public async Task Peek_OnASessionReceiver_ShowsOnlyItsSession()
    {
        await Send(SessionMessage("a", "a-1"), SessionMessage("b", "b-1"), SessionMessage("a", "a-2"));
        await using var receiver = await Client.AcceptSessionAsync("orders", "a");

        var peeked = await receiver.PeekMessagesAsync(10);

        Assert.Equal(["a-1", "a-2"], peeked.Select(message => message.MessageId));
    }

    private async Task Send(params ServiceBusMessage[] messages)
    {
        await using var sender = Client.CreateSender("orders");
        await sender.SendMessagesAsync(messages);
    }
}
