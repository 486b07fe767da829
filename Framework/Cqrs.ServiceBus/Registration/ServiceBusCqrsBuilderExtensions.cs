using Azure.Messaging.ServiceBus;
using Azure.Messaging.ServiceBus.Administration;
using Cqrs;
using Cqrs.ServiceBus;
using Cqrs.Transports;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Logging.Abstractions;
using Microsoft.Extensions.Options;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Puts the buses on Azure Service Bus.</summary>
public static class ServiceBusCqrsBuilderExtensions
{
    /// <summary>
    /// Sends commands to a queue and events to a topic, and receives from the queue and this endpoint's subscription
    /// what the handlers here handle, with <see cref="ServiceBusOptions"/> bound from <paramref name="section"/> (usually
    /// <c>configuration.GetSection(ServiceBusOptions.SectionName)</c>) and validated at start. The
    /// <see cref="ServiceBusClient"/> (and <see cref="ServiceBusAdministrationClient"/>) registered in the container are
    /// used when there are any. <see cref="ServiceBusTopology"/>, resolved from the container, names the entities;
    /// <see cref="ServiceBusOptions.ProvisionTopology"/> creates them.
    /// </summary>
    /// <param name="builder">The buses' builder.</param>
    /// <param name="section">The configuration section to bind; its values override <paramref name="configure"/>'s.</param>
    /// <param name="configure">Options set in code, such as <see cref="ServiceBusOptions.Credential"/>, which configuration cannot hold.</param>
    /// <remarks>
    /// Invalid options (neither a connection string, a namespace nor a registered client; a concurrency below 1) fail the
    /// host's start with an <see cref="OptionsValidationException"/> naming each problem.
    /// </remarks>
    public static CqrsBuilder UseServiceBus(this CqrsBuilder builder, IConfiguration section, Action<ServiceBusOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(builder);
        ArgumentNullException.ThrowIfNull(section);
        var options = AddOptions(builder);
        if (configure is not null)
        {
            options.Configure(configure);
        }

        options.Bind(section);
        return builder;
    }

    /// <summary>
    /// As <see cref="UseServiceBus(CqrsBuilder, IConfiguration, Action{ServiceBusOptions}?)"/>, with the options set in
    /// code alone.
    /// </summary>
    /// <param name="builder">The buses' builder.</param>
    /// <param name="configure">Sets the options.</param>
    public static CqrsBuilder UseServiceBus(this CqrsBuilder builder, Action<ServiceBusOptions> configure)
    {
        ArgumentNullException.ThrowIfNull(builder);
        ArgumentNullException.ThrowIfNull(configure);
        AddOptions(builder).Configure(configure);
        return builder;
    }

    private static OptionsBuilder<ServiceBusOptions> AddOptions(CqrsBuilder builder)
    {
        var services = builder.Services;
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IValidateOptions<ServiceBusOptions>, ServiceBusOptionsValidator>());
        services.TryAddSingleton(TimeProvider.System);
        services.TryAddSingleton(provider => TopologyOf(provider.GetRequiredService<IOptions<ServiceBusOptions>>().Value, provider.GetRequiredService<IMessageDirectory>()));
        builder.UseTransport(provider => new ServiceBusTransport(
            provider.GetRequiredService<IOptions<ServiceBusOptions>>(),
            provider.GetService<ServiceBusClient>(),
            provider.GetService<ServiceBusAdministrationClient>(),
            provider.GetRequiredService<ServiceBusTopology>(),
            provider.GetRequiredService<IMessageDirectory>(),
            provider.GetRequiredService<TimeProvider>(),
            provider.GetService<ILogger<ServiceBusTransport>>() ?? NullLogger<ServiceBusTransport>.Instance));
        return services.AddOptions<ServiceBusOptions>().ValidateOnStart();
    }

    private static ServiceBusTopology TopologyOf(ServiceBusOptions options, IMessageDirectory directory) =>
        new(options.CommandQueue, options.EventTopic, options.Subscription, directory.HandledHere(MessageKind.Command), directory.HandledHere(MessageKind.Event))
        {
            HandlerSubscriptions = options.SubscriptionPerHandler
                ? [.. directory.EventHandlerRoutes().Select(route => new HandlerSubscription(HandlerSubscriptionNames.For(options.Subscription, route.Handler), route.Handler, route.WireNames))]
                : [],
        };
}
