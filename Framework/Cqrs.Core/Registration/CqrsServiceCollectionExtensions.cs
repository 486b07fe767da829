using Cqrs;
using Cqrs.Diagnostics;
using Cqrs.Hosting;
using Cqrs.Pipeline;
using Cqrs.Transports;
using Cqrs.Transports.InProcess;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Logging.Abstractions;
using Microsoft.Extensions.Options;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Registers the command, event and query buses.</summary>
public static class CqrsServiceCollectionExtensions
{
    /// <summary>
    /// Registers the buses (<see cref="ICommandBus"/>, <see cref="IEventBus"/>, <see cref="IQueryBus"/>) with the
    /// messages, handlers and validators of <paramref name="registry"/>, options bound from the <c>Cqrs</c> section of
    /// the container's <see cref="IConfiguration"/> when it has one. The generator also emits, in every assembly with
    /// messages or handlers, <c>AddCqrs(configure)</c> and <c>AddCqrs(configuration, configure)</c> overloads that pass
    /// that assembly's registry. Call again (or use <see cref="CqrsBuilder.AddRegistry"/>) to add other assemblies.
    /// </summary>
    /// <param name="services">The service collection.</param>
    /// <param name="registry">A generated registry (<c>Cqrs.Generated.&lt;Assembly&gt;MessageRegistry.Instance</c>).</param>
    /// <param name="configure">Options set in code, run once, here; configuration overrides what they set.</param>
    public static CqrsBuilder AddCqrs(this IServiceCollection services, IMessageRegistry registry, Action<CqrsOptions>? configure = null) =>
        Add(services, registry, configuration: null, configure);

    /// <summary>As <see cref="AddCqrs(IServiceCollection, IMessageRegistry, Action{CqrsOptions}?)"/>, options bound from <paramref name="configuration"/>.</summary>
    /// <param name="services">The service collection.</param>
    /// <param name="registry">A generated registry (<c>Cqrs.Generated.&lt;Assembly&gt;MessageRegistry.Instance</c>).</param>
    /// <param name="configuration">The section to bind, such as <c>configuration.GetSection("Cqrs")</c>; its values override <paramref name="configure"/>'s.</param>
    /// <param name="configure">Options set in code, run once, here.</param>
    public static CqrsBuilder AddCqrs(
        this IServiceCollection services, IMessageRegistry registry, IConfiguration configuration, Action<CqrsOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(configuration);
        return Add(services, registry, configuration, configure);
    }

    private static CqrsBuilder Add(IServiceCollection services, IMessageRegistry registry, IConfiguration? configuration, Action<CqrsOptions>? configure)
    {
        ArgumentNullException.ThrowIfNull(services);
        var builder = services.LastOrDefault(service => service.ServiceType == typeof(CqrsBuilder))?.ImplementationInstance as CqrsBuilder;
        if (builder is null)
        {
            var options = new CqrsOptions();
            configure?.Invoke(options);
            if (configuration is not null)
            {
                CqrsConfigurationBinding.Bind(configuration, options); // so the handler lifetime can come from it
            }

            builder = new CqrsBuilder(services, options);
            AddCoreServices(services, builder);
        }
        else
        {
            configure?.Invoke(builder.Options);
        }

        builder.Configuration = configuration ?? builder.Configuration;
        return builder.AddRegistry(registry);
    }

    private static void AddCoreServices(IServiceCollection services, CqrsBuilder builder)
    {
        services.AddSingleton(builder);
        services.AddOptions<CqrsOptions>().ValidateOnStart();
        services.AddTransient<IOptionsFactory<CqrsOptions>, CqrsOptionsFactory>();
        services.AddSingleton<IConfigureOptions<CqrsOptions>>(provider => new CqrsConfigurationBinding(builder, provider.GetService<IConfiguration>()));
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IValidateOptions<CqrsOptions>, CqrsOptionsValidator>());
        services.TryAddSingleton(TimeProvider.System);
        services.TryAddSingleton<CqrsTelemetry>();
        services.TryAddSingleton(provider => new MessageCatalog(builder.Registries, provider.GetRequiredService<IOptions<CqrsOptions>>().Value));
        services.TryAddSingleton<IMessageDirectory>(provider => provider.GetRequiredService<MessageCatalog>());
        services.TryAddSingleton<IMessageStorePipeline>(provider => new MessageStorePipeline(
            provider.GetRequiredService<MessageCatalog>(),
            provider.GetRequiredService<CqrsTelemetry>(),
            provider.GetRequiredService<TimeProvider>(),
            provider));
        services.TryAddSingleton(provider => new InProcessDeadLetterQueue(
            provider.GetRequiredService<IOptions<CqrsOptions>>().Value.InProcess.DeadLetterCapacity,
            LoggerOf<InProcessDeadLetterQueue>(provider)));
        services.TryAddSingleton<ITransport>(provider => new InProcessTransport(
            provider.GetRequiredService<IOptions<CqrsOptions>>().Value.InProcess,
            provider.GetRequiredService<InProcessDeadLetterQueue>(),
            provider.GetRequiredService<IMessageDirectory>(),
            provider.GetRequiredService<TimeProvider>(),
            LoggerOf<InProcessTransport>(provider)));
        services.TryAddSingleton(provider => new DeliverySettlement(
            provider.GetRequiredService<ITransport>(),
            provider.GetRequiredService<CqrsTelemetry>(),
            LoggerOf<DeliverySettlement>(provider)));
        services.TryAddSingleton(provider => new RetryPolicy(
            provider.GetRequiredService<IOptions<CqrsOptions>>().Value.Retry,
            provider.GetRequiredService<ITransport>(),
            provider.GetRequiredService<CqrsTelemetry>(),
            provider.GetRequiredService<DeliverySettlement>(),
            LoggerOf<RetryPolicy>(provider)));
        services.TryAddSingleton(provider => new MessageDispatcher(
            provider.GetRequiredService<MessageCatalog>(),
            new HandlingServices(
                provider,
                provider.GetRequiredService<CqrsTelemetry>(),
                provider.GetRequiredService<RetryPolicy>(),
                provider.GetRequiredService<IOptions<CqrsOptions>>().Value.MaxMessageBytes,
                provider.GetRequiredService<ITransport>().Name),
            provider.GetRequiredService<DeliverySettlement>(),
            builder.HandlerLifetime));
        services.TryAddSingleton(provider => new MessageSender(
            provider.GetRequiredService<MessageCatalog>(),
            provider.GetRequiredService<ITransport>(),
            provider.GetRequiredService<MessageDispatcher>(),
            provider.GetRequiredService<CqrsTelemetry>(),
            provider.GetRequiredService<IOptions<CqrsOptions>>(),
            provider.GetRequiredService<TimeProvider>()));

        // Created after the dispatcher, which binds the handlers: disposed before them, it stops the transport first.
        services.TryAddSingleton<MessagePipeline>();
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IHostedService, CqrsHostedService>());
        services.TryAddSingleton<MessageBus>();
        services.TryAddSingleton<ICommandBus>(provider => provider.GetRequiredService<MessageBus>());
        services.TryAddSingleton<IEventBus>(provider => provider.GetRequiredService<MessageBus>());
        services.TryAddSingleton<IQueryBus>(provider => provider.GetRequiredService<MessageBus>());
    }

    /// <summary>The app's logger when logging is registered, else none: logging is optional.</summary>
    private static ILogger<T> LoggerOf<T>(IServiceProvider provider) =>
        provider.GetService<ILogger<T>>() ?? NullLogger<T>.Instance;
}
