using Azure.Messaging.ServiceBus;

namespace Cqrs.ServiceBus.LocalBroker.Tests;

public sealed class SendReceiveTests : BrokerTest
{
    protected override BrokerTopology Topology() => new BrokerTopology().AddQueue("orders");

    [Fact]
    public async Task Send_ThenPeekLockReceive_RoundTripsPropertiesAndBrokerAnnotations()
    {
        await using var sender = Client.CreateSender("orders");
        var sent = new ServiceBusMessage(BinaryData.FromBytes([1, 2, 3, 250]))
        {
            MessageId = "m-1",
            CorrelationId = "c-1",
            Subject = "OrderPlaced",
            ContentType = "application/x-msgpack",
            ApplicationProperties = { ["tenant"] = "a", ["attempt"] = 3 },
        };
        var before = DateTimeOffset.UtcNow.AddSeconds(-5);
        await sender.SendMessageAsync(sent);

        await using var receiver = Client.CreateReceiver("orders");
        var received = await ReceiveOne(receiver);

        Assert.Equal("m-1", received.MessageId);
        Assert.Equal("c-1", received.CorrelationId);
        Assert.Equal("OrderPlaced", received.Subject);
        Assert.Equal("application/x-msgpack", received.ContentType);
        Assert.Equal("a", received.ApplicationProperties["tenant"]);
        Assert.Equal(3, received.ApplicationProperties["attempt"]);
        Assert.Equal(new byte[] { 1, 2, 3, 250 }, received.Body.ToArray());
        Assert.Equal(1, received.DeliveryCount);
        Assert.True(received.SequenceNumber > 0);
        Assert.InRange(received.EnqueuedTime, before, DateTimeOffset.UtcNow.AddSeconds(5));
        Assert.True(received.LockedUntil > received.EnqueuedTime);
        Assert.NotEqual(Guid.Empty.ToString(), received.LockToken);

        await receiver.CompleteMessageAsync(received);
        Assert.Null(await receiver.PeekMessageAsync());
    }

    [Fact]
    public async Task SendBatch_DeliversEveryMessageInOrder()
    {
        await using var sender = Client.CreateSender("orders");
        using var batch = await sender.CreateMessageBatchAsync();
        for (var i = 0; i < 20; i++)
        {
            Assert.True(batch.TryAddMessage(Message($"b-{i}")));
        }

        await sender.SendMessagesAsync(batch);
        await sender.SendMessagesAsync([Message("list-0"), Message("list-1")]);

        await using var receiver = Client.CreateReceiver("orders");
        var ids = new List<string>();
        while (ids.Count < 22)
        {
            var received = await receiver.ReceiveMessagesAsync(22 - ids.Count, Patience).WaitAsync(Patience * 2);
            Assert.NotEmpty(received);
            foreach (var message in received)
            {
                ids.Add(message.MessageId);
                await receiver.CompleteMessageAsync(message);
            }
        }

        Assert.Equal(Enumerable.Range(0, 20).Select(i => $"b-{i}").Concat(["list-0", "list-1"]), ids);
    }

    [Fact]
    public async Task ReceiveAndDelete_RemovesTheMessageOnDelivery()
    {
        await using var sender = Client.CreateSender("orders");
        await sender.SendMessageAsync(Message("gone"));
        await using var receiver = Client.CreateReceiver("orders", new ServiceBusReceiverOptions { ReceiveMode = ServiceBusReceiveMode.ReceiveAndDelete });

        var received = await ReceiveOne(receiver);

        Assert.Equal("gone", received.MessageId);
        Assert.Null(await receiver.PeekMessageAsync());
    }

    [Fact]
    public async Task CompleteTwice_RaisesMessageLockLost()
    {
        await using var sender = Client.CreateSender("orders");
        await sender.SendMessageAsync(Message("twice"));
        await using var receiver = Client.CreateReceiver("orders");
        var received = await ReceiveOne(receiver);
        await receiver.CompleteMessageAsync(received);

        var error = await Assert.ThrowsAsync<ServiceBusException>(() => receiver.CompleteMessageAsync(received));

        Assert.Equal(ServiceBusFailureReason.MessageLockLost, error.Reason);
    }

    [Fact]
    public async Task ReceiveThatTimedOut_LeavesALaterMessageDeliverableUncounted()
    {
        await using var receiver = Client.CreateReceiver("orders");
        Assert.Null(await receiver.ReceiveMessageAsync(TimeSpan.FromMilliseconds(200)));
        await using var sender = Client.CreateSender("orders");

        await sender.SendMessageAsync(Message("late")); // may meet the credit the timed-out receive left behind

        var received = await ReceiveOne(receiver);
        Assert.Equal("late", received.MessageId);
        Assert.Equal(1, received.DeliveryCount);
        await receiver.CompleteMessageAsync(received);
    }
}
