using Azure.Messaging.ServiceBus;
using Cqrs.ServiceBus;
using Cqrs.ServiceBus.LocalBroker;
using Cqrs.Tests.Support;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Tests.Transports;

/// <summary>
/// The contract on the Service Bus transport: the real Azure.Messaging.ServiceBus client over AMQP to the local broker,
/// one broker per test, started with the topology the transport asks for. Dead letters are read back from the queue's
/// and the subscription's dead-letter sub-queues.
/// </summary>
public sealed class ServiceBusTransportContractTests : TransportContractTests, IAsyncLifetime
{
    private readonly List<LocalServiceBusBroker> _brokers = [];
    private readonly List<ServiceBusClient> _clients = [];

    /// <summary>The broker stamps the enqueued time, in whole milliseconds (AMQP timestamps).</summary>
    protected override TimeSpan EnqueuedTimeResolution => TimeSpan.FromMilliseconds(1);

    protected override ServiceProvider CreateProvider(Action<CqrsOptions>? configure = null)
    {
        var services = TestHost.CreateServices(configure);
        var entities = new ServiceBusOptions();
        var topology = new BrokerTopology()
            .AddQueue(entities.CommandQueue)
            .AddTopic(entities.EventTopic, topic => topic.AddSubscription(entities.Subscription));
        var broker = LocalServiceBusBroker.StartAsync(topology).GetAwaiter().GetResult();
        _brokers.Add(broker);
        TestHost.BuilderOf(services).UseServiceBus(settings =>
        {
            settings.ConnectionString = broker.ConnectionString;
            settings.MaxConcurrentCalls = 8;
        });
        services.AddSingleton(broker);
        return TestHost.Build(services);
    }

    protected override Func<IReadOnlyList<DeadLetter>> DeadLettersOf(IServiceProvider provider)
    {
        var broker = provider.GetRequiredService<LocalServiceBusBroker>();
        var topology = provider.GetRequiredService<ServiceBusTopology>();
        var client = new ServiceBusClient(broker.ConnectionString);
        _clients.Add(client);
        var queue = client.CreateReceiver(topology.CommandQueue, new ServiceBusReceiverOptions { SubQueue = SubQueue.DeadLetter });
        var subscription = client.CreateReceiver(topology.EventTopic, topology.Subscription, new ServiceBusReceiverOptions { SubQueue = SubQueue.DeadLetter });
        return () => [.. PeekAll(queue), .. PeekAll(subscription)];
    }

    public Task InitializeAsync() => Task.CompletedTask;

    public async Task DisposeAsync()
    {
        foreach (var client in _clients)
        {
            await client.DisposeAsync();
        }

        foreach (var broker in _brokers)
        {
            await broker.DisposeAsync();
        }
    }

    private static IEnumerable<DeadLetter> PeekAll(ServiceBusReceiver receiver) =>
        receiver.PeekMessagesAsync(maxMessages: 1000, fromSequenceNumber: 0).GetAwaiter().GetResult().Select(message => new DeadLetter(
            message.Subject,
            Guid.Parse(message.MessageId),
            Guid.TryParse(message.CorrelationId, out var correlationId) ? correlationId : Guid.Empty,
            message.DeadLetterReason,
            message.DeadLetterErrorDescription,
            message.ApplicationProperties.TryGetValue("cqrs-target-handler", out var handler) ? handler as string : null,
            message.Body.ToMemory(),
            Message: null));
}
