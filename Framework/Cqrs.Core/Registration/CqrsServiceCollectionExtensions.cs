using Cqrs;
using Cqrs.Diagnostics;
using Cqrs.Hosting;
using Cqrs.Pipeline;
using Cqrs.Transports;
using Cqrs.Transports.InProcess;
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
    /// messages, handlers and validators of <paramref name="registry"/>. The generator also emits, in every
    /// assembly with messages or handlers, an <c>AddCqrs(configure)</c> overload that passes that assembly's
    /// registry. Call again (or use <see cref="CqrsBuilder.AddRegistry"/>) to add other assemblies.
    /// </summary>
    /// <param name="services">The service collection.</param>
    /// <param name="registry">A generated registry (<c>Cqrs.Generated.&lt;Assembly&gt;MessageRegistry.Instance</c>).</param>
    /// <param name="configure">Options; <see cref="CqrsOptions.HandlerLifetime"/> is read here, the rest when the buses start.</param>
    public static CqrsBuilder AddCqrs(this IServiceCollection services, IMessageRegistry registry, Action<CqrsOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(services);
        if (configure is not null)
        {
            services.Configure(configure);
        }

        var builder = services.LastOrDefault(service => service.ServiceType == typeof(CqrsBuilder))?.ImplementationInstance as CqrsBuilder;
        if (builder is null)
        {
            var options = new CqrsOptions();
            configure?.Invoke(options);
            builder = new CqrsBuilder(services, options.HandlerLifetime);
            AddCoreServices(services, builder);
        }

        return builder.AddRegistry(registry);
    }

    private static void AddCoreServices(IServiceCollection services, CqrsBuilder builder)
    {
        services.AddSingleton(builder);
        services.AddOptions<CqrsOptions>().ValidateOnStart();
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IValidateOptions<CqrsOptions>, CqrsOptionsValidator>());
        services.TryAddSingleton<CqrsTelemetry>();
        services.TryAddSingleton(_ => new MessageCatalog(builder));
        services.TryAddSingleton<InProcessDeadLetterQueue>();
        services.TryAddSingleton<ITransport>(provider => new InProcessTransport(
            provider.GetRequiredService<IOptions<CqrsOptions>>().Value.InProcess,
            provider.GetRequiredService<InProcessDeadLetterQueue>(),
            LoggerOf<InProcessTransport>(provider)));
        services.TryAddSingleton(provider => new MessagePipeline(
            provider.GetRequiredService<MessageCatalog>(),
            provider.GetRequiredService<ITransport>(),
            provider.GetRequiredService<CqrsTelemetry>(),
            provider.GetRequiredService<IOptions<CqrsOptions>>(),
            builder,
            provider,
            LoggerOf<MessagePipeline>(provider)));
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IHostedService, CqrsShutdownService>());
        services.TryAddSingleton<MessageBus>();
        services.TryAddSingleton<ICommandBus>(provider => provider.GetRequiredService<MessageBus>());
        services.TryAddSingleton<IEventBus>(provider => provider.GetRequiredService<MessageBus>());
        services.TryAddSingleton<IQueryBus>(provider => provider.GetRequiredService<MessageBus>());
    }

    /// <summary>The app's logger when logging is registered, else none: logging is optional.</summary>
    private static ILogger<T> LoggerOf<T>(IServiceProvider provider) =>
        provider.GetService<ILogger<T>>() ?? NullLogger<T>.Instance;
}
