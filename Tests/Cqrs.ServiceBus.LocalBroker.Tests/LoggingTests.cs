using System.Net;
using System.Net.Sockets;
using Azure.Messaging.ServiceBus;
using Microsoft.Azure.Amqp.Framing;
using Microsoft.Azure.Amqp.Sasl;
using Cqrs.Tests.Shared;
using Microsoft.Extensions.Logging;

namespace Cqrs.ServiceBus.LocalBroker.Tests;

/// <summary>The broker logs through the logger factory in its options: connections, links, and every refusal with its condition.</summary>
public sealed class LoggingTests : IAsyncLifetime
{
    private static readonly TimeSpan Patience = TimeSpan.FromSeconds(30);

    private readonly CapturedLogs logs = new();
    private readonly LoggerFactory loggerFactory;
    private LocalServiceBusBroker? broker;
    private ServiceBusClient? client;

    public LoggingTests() => loggerFactory = new LoggerFactory([logs]);

    private ServiceBusClient Client => client ?? throw new InvalidOperationException("Not started.");

    private LocalServiceBusBroker Broker => broker ?? throw new InvalidOperationException("Not started.");

    public async Task InitializeAsync()
    {
        broker = await LocalServiceBusBroker.StartAsync(
            new BrokerTopology().AddQueue("orders"),
            new LocalServiceBusBrokerOptions { LoggerFactory = loggerFactory });
        client = new ServiceBusClient(broker.ConnectionString, new ServiceBusClientOptions
        {
            RetryOptions = new ServiceBusRetryOptions { MaxRetries = 0, TryTimeout = Patience },
        });
    }

    public async Task DisposeAsync()
    {
        await (client?.DisposeAsync() ?? ValueTask.CompletedTask);
        await (broker?.DisposeAsync() ?? ValueTask.CompletedTask);
        loggerFactory.Dispose();
    }

    [Fact]
    public async Task RefusedAttach_IsLoggedAsAWarningWithTheConditionTheClientSees()
    {
        await using var receiver = Client.CreateReceiver("no-such-queue");

        var error = await Assert.ThrowsAsync<ServiceBusException>(() => receiver.ReceiveMessageAsync(Patience).WaitAsync(Patience * 2));

        Assert.Equal(ServiceBusFailureReason.MessagingEntityNotFound, error.Reason);
        var entry = Assert.Single(logs.Entries, entry => entry.Message.Contains("no-such-queue", StringComparison.Ordinal));
        Assert.Equal(LogLevel.Warning, entry.Level);
        Assert.Equal("Cqrs.ServiceBus.LocalBroker", entry.Category);
        Assert.Contains("refused", entry.Message, StringComparison.Ordinal);
        Assert.Contains("amqp:not-found", entry.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task ConnectionsAndLinks_AreLoggedOpenedAndClosed()
    {
        await using (var sender = Client.CreateSender("orders"))
        {
            await sender.SendMessageAsync(new ServiceBusMessage("payload"));
        }

        await logs.WaitFor(entry => entry.Message.Contains("opened", StringComparison.Ordinal), Patience);
        await logs.WaitFor(entry => entry.Message.Contains("attached: client sends to '/orders'", StringComparison.Ordinal), Patience);
        await logs.WaitFor(entry => entry.Message.Contains("detached: client sends to '/orders'", StringComparison.Ordinal), Patience);
        await Client.DisposeAsync();
        await logs.WaitFor(entry => entry.Message.Contains("closed", StringComparison.Ordinal) && entry.Message.StartsWith("Connection", StringComparison.Ordinal), Patience);
        Assert.All(logs.Entries, entry => Assert.Equal(LogLevel.Information, entry.Level));
    }

    [Fact]
    public async Task RefusedOpen_OfAClientThatPipelinesItsBegin_IsLoggedWithTheReason()
    {
        // As Qpid Proton does: SASL, open and begin in one go, so the session fails too once the open is refused.
        using var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        await socket.ConnectAsync(new IPEndPoint(IPAddress.Loopback, Broker.Port));
        byte[] opening =
        [
            .. "AMQP\u0003\u0001\u0000\u0000"u8,
            .. Encode(FrameType.Sasl, new SaslInit { Mechanism = "ANONYMOUS" }),
            .. "AMQP\u0000\u0001\u0000\u0000"u8,
            .. Encode(FrameType.Amqp, new Open { ContainerId = "pipelining-client", HostName = "127.0.0.1", IdleTimeOut = 500 }),
            .. Encode(FrameType.Amqp, new Begin { NextOutgoingId = 0, IncomingWindow = 100, OutgoingWindow = 100 }),
        ];

        await socket.SendAsync(opening);

        var entry = await logs.WaitFor(entry => entry.Message.Contains("amqp:not-allowed", StringComparison.Ordinal), Patience);
        Assert.Equal(LogLevel.Warning, entry.Level);
        Assert.Contains("Idle timeout", entry.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task DynamicSource_IsRefusedWithNotImplemented()
    {
        await using var client = await RawAmqpSession.OpenAsync(Broker.Port, Patience);

        // This client library fails on a refusal of a dynamic node itself (NullReferenceException), so the broker's log tells.
        await Assert.ThrowsAnyAsync<Exception>(() => client.OpenReceiverAsync("dynamic", new Source { Address = "orders", Dynamic = true }, target: null, Patience));

        var entry = Assert.Single(logs.Entries, entry => entry.Message.Contains("refused", StringComparison.Ordinal));
        Assert.Equal(LogLevel.Warning, entry.Level);
        Assert.Contains("amqp:not-implemented", entry.Message, StringComparison.Ordinal);
        Assert.Contains("dynamic nodes", entry.Message, StringComparison.Ordinal);
    }

    private static byte[] Encode(FrameType type, Performative performative)
    {
        var buffer = Frame.EncodeCommand(type, 0, performative, 0);
        return buffer.Buffer.AsSpan(buffer.Offset, buffer.Length).ToArray();
    }
}
