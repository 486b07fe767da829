using Cqrs.ServiceBus;
using Cqrs.ServiceBus.LocalBroker;
using Cqrs.ServiceBus.LocalBroker.Topology;

namespace Cqrs.Benchtest;

/// <summary>The local Service Bus broker a Service Bus run uses when it is given no namespace: a new one per run.</summary>
internal static class BenchtestBroker
{
    /// <summary>A broker serving the transport's default entities, or null when the run needs none.</summary>
    public static async Task<LocalServiceBusBroker?> StartIfNeededAsync(BenchtestSettings settings, CancellationToken cancellationToken)
    {
        if (settings.Transport != BenchtestTransport.ServiceBus || settings.ServiceBusConnectionString is not null)
        {
            return null;
        }

        var names = new ServiceBusOptions();
        var topology = new BrokerTopology()
            .AddQueue(names.CommandQueue)
            .AddTopic(names.EventTopic, topic => topic.AddSubscription(names.Subscription));
        var options = new LocalServiceBusBrokerOptions { NetworkDelay = settings.BrokerNetworkDelay };
        return await LocalServiceBusBroker.StartAsync(topology, options, cancellationToken).ConfigureAwait(false);
    }
}
