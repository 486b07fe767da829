using System.Net;
using System.Net.Sockets;
using Azure.Messaging.ServiceBus;

namespace Cqrs.ServiceBus.LocalBroker.Tests;

public sealed class RobustnessTests : BrokerTest
{
    protected override BrokerTopology Topology() => new BrokerTopology()
        .AddQueue("q", queue => queue.LockDuration = TimeSpan.FromSeconds(1))
        .AddQueue("small", queue => queue.MaxSizeInBytes = 4096);

    [Fact]
    public async Task UnknownEntity_FailsSendAndReceiveWithMessagingEntityNotFound()
    {
        await using var sender = Client.CreateSender("missing");
        await using var receiver = Client.CreateReceiver("missing");

        var sendError = await Assert.ThrowsAsync<ServiceBusException>(() => sender.SendMessageAsync(Message("x")).WaitAsync(Patience));
        var receiveError = await Assert.ThrowsAsync<ServiceBusException>(() => receiver.ReceiveMessageAsync(Patience).WaitAsync(Patience * 2));

        Assert.Equal(ServiceBusFailureReason.MessagingEntityNotFound, sendError.Reason);
        Assert.Equal(ServiceBusFailureReason.MessagingEntityNotFound, receiveError.Reason);
    }

    [Fact]
    public async Task FullEntity_RefusesSendsWithQuotaExceeded_UntilMessagesAreSettled()
    {
        await using var sender = Client.CreateSender("small");
        var body = new string('x', 1000);
        var error = await Assert.ThrowsAsync<ServiceBusException>(async () =>
        {
            for (var i = 0; i < 10; i++)
            {
                await sender.SendMessageAsync(Message($"big-{i}", body));
            }
        });
        Assert.Equal(ServiceBusFailureReason.QuotaExceeded, error.Reason);

        await using var receiver = Client.CreateReceiver("small");
        await receiver.CompleteMessageAsync(await ReceiveOne(receiver));
        await sender.SendMessageAsync(Message("fits-again", body));
    }

    [Fact]
    public async Task GarbageAndVanishingConnections_LeaveTheBrokerServing()
    {
        await using var sender = Client.CreateSender("q");
        await sender.SendMessageAsync(Message("survivor"));
        using (var garbage = await Connect())
        {
            await garbage.SendAsync(Enumerable.Range(0, 4096).Select(i => (byte)(i * 7)).ToArray());
        }

        using (var halfway = await Connect())
        {
            await halfway.SendAsync("AMQP\u0003\u0001\u0000\u0000"u8.ToArray()); // a SASL header, then gone
        }

        await using var receiver = Client.CreateReceiver("q");
        var received = await ReceiveOne(receiver);
        Assert.Equal("survivor", received.MessageId);
        await receiver.CompleteMessageAsync(received);
    }

    [Fact]
    public async Task ClientThatDropsItsConnectionMidDelivery_LosesNothing()
    {
        await using var sender = Client.CreateSender("q");
        await sender.SendMessageAsync(Message("in-flight"));
        var doomed = new ServiceBusClient(Broker.ConnectionString);
        var receiver = doomed.CreateReceiver("q");
        Assert.Equal("in-flight", (await ReceiveOne(receiver)).MessageId);
        await doomed.DisposeAsync(); // the connection closes with the message still locked

        await using var survivor = Client.CreateReceiver("q");
        var redelivered = await ReceiveOne(survivor);

        Assert.Equal("in-flight", redelivered.MessageId);
        Assert.Equal(2, redelivered.DeliveryCount);
        await survivor.CompleteMessageAsync(redelivered);
    }

    private async Task<Socket> Connect()
    {
        var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        await socket.ConnectAsync(new IPEndPoint(IPAddress.Loopback, Broker.Port));
        return socket;
    }
}
