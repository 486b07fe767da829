using Azure.Messaging.ServiceBus;
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
}
