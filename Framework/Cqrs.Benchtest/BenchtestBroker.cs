using Cqrs.ServiceBus;
using Cqrs.ServiceBus.LocalBroker;
using Cqrs.ServiceBus.LocalBroker.Topology;

namespace Cqrs.Benchtest;

/// <summary>The local Service Bus broker a Service Bus run uses when it is given no namespace: a new one per run.</summary>
internal static class BenchtestBroker
{
    /// <summary>A broker serving the transport's default entities, or null when the run needs none.</summary>
    public static async Task<LocalServiceBusBroker?> StartIfNeededAsync(BenchtestSettings settings, CancellationToken cancellationToken) =>
        settings.Transport != BenchtestTransport.ServiceBus || settings.ServiceBusConnectionString is not null
            ? null
            : await StartAsync(settings.BrokerNetworkDelay, cancellationToken).ConfigureAwait(false);

    /// <summary>A broker serving the transport's default entities, holding every frame <paramref name="networkDelay"/> each way.</summary>
    /// <param name="networkDelay">The delay each way.</param>
    /// <param name="cancellationToken">Cancels the start.</param>
    /// <param name="lockDuration">The entities' lock duration; null: Service Bus's default.</param>
    /// <param name="sessions">Whether the command queue and the subscription are session entities, for ordering keys.</param>
    public static async Task<LocalServiceBusBroker> StartAsync(TimeSpan networkDelay, CancellationToken cancellationToken, TimeSpan? lockDuration = null, bool sessions = false)
    {
        var names = new ServiceBusOptions();
        void Lock(EntityOptions entity)
        {
            entity.LockDuration = lockDuration ?? entity.LockDuration;
            entity.RequiresSession = sessions;
        }

        var topology = new BrokerTopology()
            .AddQueue(names.CommandQueue, Lock)
            .AddTopic(names.EventTopic, topic => topic.AddSubscription(names.Subscription, Lock));
        var options = new LocalServiceBusBrokerOptions { NetworkDelay = networkDelay };
        return await LocalServiceBusBroker.StartAsync(topology, options, cancellationToken).ConfigureAwait(false);
    }
}
