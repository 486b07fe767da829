using Azure.Messaging.ServiceBus;
using Cqrs.ServiceBus;
using Cqrs.ServiceBus.LocalBroker;
using Cqrs.ServiceBus.LocalBroker.Topology;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Tests.Shared;

/// <summary>
/// Containers on the Service Bus transport: the real Azure.Messaging.ServiceBus client over AMQP to a local broker of
/// their own, serving the transport's default entities (an unfiltered subscription). Disposing this stops the brokers
/// and the clients it opened to read dead letters. Not thread-safe: one per test. Shared by the test projects that
/// use it (linked into each); each builds its containers on its own test domain (<c>ServiceBusTestHost.Containers.cs</c>).
/// </summary>
internal sealed partial class ServiceBusTestHost : IAsyncDisposable
{
    private readonly List<LocalServiceBusBroker> _brokers = [];
    private readonly List<ServiceBusClient> _clients = [];

    /// <summary>Whether the brokers' command queue and event topic drop a repeated MessageId, as <c>infra/main.bicep</c> deploys them.</summary>
    public bool DuplicateDetection { get; init; }

    /// <summary>Puts <paramref name="builder"/>'s buses on a new broker, registered in its services for <see cref="DeadLettersOf(IServiceProvider)"/>.</summary>
    public void UseServiceBus(CqrsBuilder builder, Action<ServiceBusOptions>? transport = null, Action<EntityOptions>? entity = null)
    {
        var broker = StartBroker(entity);
        builder.UseServiceBus(settings =>
        {
            settings.ConnectionString = broker.ConnectionString;
            settings.MaxConcurrentCalls = 8;
            transport?.Invoke(settings);
        });
        builder.Services.AddSingleton(broker);
    }

    /// <summary>A broker serving the transport's default entities, <paramref name="entity"/> tuning them, <paramref name="options"/> the broker.</summary>
    public LocalServiceBusBroker StartBroker(Action<EntityOptions>? entity = null, LocalServiceBusBrokerOptions? options = null)
    {
        var names = new ServiceBusOptions();
        var topology = new BrokerTopology()
            .AddQueue(names.CommandQueue, queue =>
            {
                queue.RequiresDuplicateDetection = DuplicateDetection;
                entity?.Invoke(queue);
            })
            .AddTopic(names.EventTopic, topic =>
            {
                topic.RequiresDuplicateDetection = DuplicateDetection;
                topic.AddSubscription(names.Subscription, subscription => entity?.Invoke(subscription));
            });
        return StartBroker(topology, options);
    }

    /// <summary>A broker serving <paramref name="topology"/> (an empty one, for a container that provisions its own).</summary>
    public LocalServiceBusBroker StartBroker(BrokerTopology topology, LocalServiceBusBrokerOptions? options = null)
    {
        var broker = LocalServiceBusBroker.StartAsync(topology, options).GetAwaiter().GetResult();
        _brokers.Add(broker);
        return broker;
    }

    /// <summary>Reads the dead-letter sub-queues of the container's queue and subscription; works after it is disposed.</summary>
    public Func<IReadOnlyList<DeadLetter>> DeadLettersOf(IServiceProvider provider)
    {
        var broker = provider.GetRequiredService<LocalServiceBusBroker>();
        var topology = provider.GetRequiredService<ServiceBusTopology>();
        var client = new ServiceBusClient(broker.ConnectionString);
        _clients.Add(client);
        var deadLetters = new ServiceBusReceiverOptions { SubQueue = SubQueue.DeadLetter };
        var queue = client.CreateReceiver(topology.CommandQueue, deadLetters);
        var subscription = client.CreateReceiver(topology.EventTopic, topology.Subscription, deadLetters);
        return () => [.. PeekAll(queue), .. PeekAll(subscription)];
    }

    /// <summary>Reads the dead-letter sub-queue of one subscription of <paramref name="broker"/>, as <see cref="DeadLettersOf"/> does.</summary>
    public Func<IReadOnlyList<DeadLetter>> DeadLettersOf(LocalServiceBusBroker broker, string topic, string subscription)
    {
        var client = new ServiceBusClient(broker.ConnectionString);
        _clients.Add(client);
        var receiver = client.CreateReceiver(topic, subscription, new ServiceBusReceiverOptions { SubQueue = SubQueue.DeadLetter });
        return () => [.. PeekAll(receiver)];
    }

    public async ValueTask DisposeAsync()
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

    /// <summary>A copy the pipeline made has a MessageId of its own, and the id of the message it copies in <c>cqrs-message-id</c>.</summary>
    private static IEnumerable<DeadLetter> PeekAll(ServiceBusReceiver receiver) =>
        receiver.PeekMessagesAsync(maxMessages: 1000, fromSequenceNumber: 0).GetAwaiter().GetResult().Select(message => new DeadLetter(
            message.Subject,
            Guid.Parse(message.ApplicationProperties.TryGetValue("cqrs-message-id", out var copied) ? (string)copied : message.MessageId),
            Guid.TryParse(message.CorrelationId, out var correlationId) ? correlationId : Guid.Empty,
            message.DeadLetterReason,
            message.DeadLetterErrorDescription,
            message.ApplicationProperties.TryGetValue("cqrs-target-handler", out var handler) ? handler as string : null,
            message.Body.ToMemory(),
            Message: null));
}
