using Cqrs;
using Cqrs.EventSourcing;
using Cqrs.Transports;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Registers event sourcing on top of the buses.</summary>
public static class EventSourcingServiceCollectionExtensions
{
    /// <summary>
    /// Registers aggregate repositories (<see cref="IAggregateRepository{TAggregate}"/>), the outbox, the
    /// <see cref="Inbox"/> and the <see cref="ProjectionRunner"/>. Choose the store on the returned builder.
    /// </summary>
    public static EventSourcingBuilder AddEventSourcing(this CqrsBuilder cqrs, Action<EventSourcingOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(cqrs);
        var services = cqrs.Services;
        if (configure is not null)
        {
            services.Configure(configure);
        }

        services.AddLogging();
        services.AddOptions<EventSourcingOptions>().ValidateOnStart();
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IValidateOptions<EventSourcingOptions>, EventSourcingOptionsValidator>());
        services.TryAddSingleton<IEventSourcingStore>(_ => throw new InvalidOperationException(
            "No event store is chosen: call UseSqliteStore(path), UseAzureTableStore(connectionString) or UseInMemoryStore() on AddEventSourcing()."));
        services.TryAddSingleton<IEventStore>(provider => provider.GetRequiredService<IEventSourcingStore>());
        services.TryAddSingleton<IOutboxStore>(provider => provider.GetRequiredService<IEventSourcingStore>());
        services.TryAddSingleton<ISnapshotStore>(provider => provider.GetRequiredService<IEventSourcingStore>());
        services.TryAddSingleton<IInboxStore>(provider => provider.GetRequiredService<IEventSourcingStore>());
        services.TryAddSingleton<ICheckpointStore>(provider => provider.GetRequiredService<IEventSourcingStore>());
        services.TryAddSingleton(provider => new EventCodec(provider.GetRequiredService<IMessageStorePipeline>(), provider.GetRequiredService<IMessageDirectory>()));
        services.TryAddSingleton(_ => new AggregateStates(cqrs));
        services.TryAddSingleton<UnpublishableEvents>();
        services.TryAddSingleton<OutboxPublisher>();
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IHostedService, OutboxSweeper>());
        services.TryAddSingleton<Inbox>();
        services.TryAddSingleton(TimeProvider.System);
        services.TryAddSingleton<InboxPurger>();
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IHostedService, InboxPurger>(provider => provider.GetRequiredService<InboxPurger>()));
        services.TryAddSingleton(provider => new ProjectionRunner(provider.GetRequiredService<IEventSourcingStore>(), provider.GetRequiredService<EventCodec>()));
        services.TryAddSingleton(typeof(IAggregateRepository<>), typeof(AggregateRepository<>));
        return new EventSourcingBuilder(services);
    }
}
