using Cqrs;
using Cqrs.ServiceBus;
using Cqrs.Transports;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Logging.Abstractions;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Puts the buses on Azure Service Bus.</summary>
public static class ServiceBusCqrsBuilderExtensions
{
    /// <summary>
    /// Sends commands to a queue and events to a topic, and receives from the queue and this endpoint's subscription
    /// what the handlers here handle. <see cref="ServiceBusTopology"/>, resolved from the container, names the entities;
    /// <see cref="ServiceBusOptions.ProvisionTopology"/> creates them.
    /// </summary>
    /// <exception cref="ArgumentException">Neither a connection string nor a namespace with a credential is given.</exception>
    public static CqrsBuilder UseServiceBus(this CqrsBuilder builder, Action<ServiceBusOptions> configure)
    {
        ArgumentNullException.ThrowIfNull(builder);
        ArgumentNullException.ThrowIfNull(configure);
        var options = new ServiceBusOptions();
        configure(options);
        if (options.ConnectionString is null && (options.FullyQualifiedNamespace is null || options.Credential is null))
        {
            throw new ArgumentException($"Give {nameof(ServiceBusOptions.ConnectionString)}, or {nameof(ServiceBusOptions.FullyQualifiedNamespace)} with {nameof(ServiceBusOptions.Credential)}.", nameof(configure));
        }

        var services = builder.Services;
        services.AddSingleton(options);
        builder.UseTransport(provider => new ServiceBusTransport(
            options,
            provider.GetRequiredService<ServiceBusTopology>(),
            provider.GetRequiredService<IMessageDirectory>(),
            provider.GetService<ILogger<ServiceBusTransport>>() ?? NullLogger<ServiceBusTransport>.Instance));
        services.TryAddSingleton(provider =>
        {
            var directory = provider.GetRequiredService<IMessageDirectory>();
            return new ServiceBusTopology(
                options.CommandQueue,
                options.EventTopic,
                options.Subscription,
                directory.HandledHere(MessageKind.Command),
                directory.HandledHere(MessageKind.Event))
            {
                HandlerSubscriptions = options.SubscriptionPerHandler
                    ? [.. directory.EventHandlerRoutes().Select(route => new HandlerSubscription(HandlerSubscriptionNames.For(options.Subscription, route.Handler), route.Handler, route.WireNames))]
                    : [],
            };
        });
        return builder;
    }
}
