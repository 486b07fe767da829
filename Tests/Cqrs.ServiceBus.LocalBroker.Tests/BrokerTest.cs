using Azure.Messaging.ServiceBus;
using Cqrs.ServiceBus.LocalBroker;

namespace Cqrs.ServiceBus.LocalBroker.Tests;

/// <summary>
/// A broker on a free loopback port and an unmodified ServiceBusClient connected to it, per test. Waits are bounded by
/// <see cref="Patience"/>: a hang fails the test instead of stalling the run.
/// </summary>
public abstract class BrokerTest : IAsyncLifetime
{
    protected static readonly TimeSpan Patience = TimeSpan.FromSeconds(30);

    private LocalServiceBusBroker? broker;
    private ServiceBusClient? client;

    protected LocalServiceBusBroker Broker => broker ?? throw new InvalidOperationException("Not started.");

    protected ServiceBusClient Client => client ?? throw new InvalidOperationException("Not started.");

    /// <summary>The entities this test class needs.</summary>
    protected abstract BrokerTopology Topology();

    /// <summary>The broker's options: the defaults, unless a test class needs its own (a fake clock, say).</summary>
    protected virtual LocalServiceBusBrokerOptions Options() => new();

    public async Task InitializeAsync()
    {
        broker = await LocalServiceBusBroker.StartAsync(Topology(), Options());
        client = new ServiceBusClient(broker.ConnectionString, new ServiceBusClientOptions
        {
            RetryOptions = new ServiceBusRetryOptions { MaxRetries = 1, TryTimeout = Patience },
        });
    }

    public async Task DisposeAsync()
    {
        if (client is not null)
        {
            await client.DisposeAsync();
        }

        if (broker is not null)
        {
            await broker.DisposeAsync();
        }
    }

    /// <summary>Receives one message, failing the test when none arrives within <see cref="Patience"/>.</summary>
    protected static async Task<ServiceBusReceivedMessage> ReceiveOne(ServiceBusReceiver receiver)
    {
        var message = await receiver.ReceiveMessageAsync(Patience).WaitAsync(Patience + Patience);
        Assert.NotNull(message);
        return message;
    }

    protected static ServiceBusMessage Message(string id, string body = "payload") =>
        new(BinaryData.FromString(body)) { MessageId = id };

    protected static ServiceBusMessage SessionMessage(string sessionId, string id) =>
        new(BinaryData.FromString("payload")) { MessageId = id, SessionId = sessionId };
}
