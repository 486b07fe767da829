using Azure.Messaging.ServiceBus;
using Cqrs.ServiceBus;
using Cqrs.ServiceBus.LocalBroker;
using Cqrs.ServiceBus.LocalBroker.Topology;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.EventSourcing.Tests.Support;

/// <summary>Local Service Bus brokers in the test process, serving the transport's default entities (an unfiltered subscription).</summary>
internal static class ServiceBusBrokers
{
    public static Task<LocalServiceBusBroker> StartAsync()
    {
        var names = new ServiceBusOptions();
        return LocalServiceBusBroker.StartAsync(new BrokerTopology()
            .AddQueue(names.CommandQueue)
            .AddTopic(names.EventTopic, topic => topic.AddSubscription(names.Subscription)));
    }

    /// <summary>A broker whose command queue and event topic have duplicate detection on, as <c>infra/main.bicep</c> deploys them, and locks last <paramref name="lockDuration"/>.</summary>
    public static Task<LocalServiceBusBroker> StartDeduplicatingAsync(TimeSpan lockDuration)
    {
        var names = new ServiceBusOptions();
        return LocalServiceBusBroker.StartAsync(new BrokerTopology()
            .AddQueue(names.CommandQueue, queue =>
            {
                queue.RequiresDuplicateDetection = true;
                queue.LockDuration = lockDuration;
            })
            .AddTopic(names.EventTopic, topic =>
            {
                topic.RequiresDuplicateDetection = true;
                topic.AddSubscription(names.Subscription, subscription => subscription.LockDuration = lockDuration);
            }));
    }

    /// <summary>Puts <paramref name="cqrs"/>'s buses on <paramref name="broker"/>.</summary>
    public static void Use(this CqrsBuilder cqrs, LocalServiceBusBroker broker) =>
        cqrs.UseServiceBus(settings => settings.ConnectionString = broker.ConnectionString);

    /// <summary>The messages in the command queue, in any state (scheduled ones too), through the real client.</summary>
    public static async Task<IReadOnlyList<ServiceBusReceivedMessage>> PeekCommandsAsync(this LocalServiceBusBroker broker)
    {
        await using var client = new ServiceBusClient(broker.ConnectionString);
        await using var receiver = client.CreateReceiver(new ServiceBusOptions().CommandQueue);
        return await receiver.PeekMessagesAsync(maxMessages: 1000, fromSequenceNumber: 0);
    }
}
