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
    /// <see cref="Inbox"/>, the <see cref="ProjectionRunner"/>, and the saga runtime with its timeout scheduler
    /// (<see cref="ISaga{TSelf}"/>). Choose the store on the returned builder.
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
        services.TryAddSingleton<IEventStore>(_ => throw NoStoreChosen());
        services.TryAddSingleton<IOutboxStore>(_ => throw NoStoreChosen());
        services.TryAddSingleton<ISnapshotStore>(_ => throw NoStoreChosen());
        services.TryAddSingleton<IInboxStore>(_ => throw NoStoreChosen());
        services.TryAddSingleton<ICheckpointStore>(_ => throw NoStoreChosen());
        services.TryAddSingleton(provider => new EventCodec(provider.GetRequiredService<IMessageStorePipeline>(), provider.GetRequiredService<IMessageDirectory>()));
        services.TryAddSingleton(_ => new AggregateStates(cqrs));
        services.TryAddSingleton<UnpublishableEvents>();
        services.TryAddSingleton<OutboxPublisher>();
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IHostedService, OutboxSweeper>());
        services.TryAddSingleton<Inbox>();
        services.TryAddSingleton(TimeProvider.System);
        services.TryAddSingleton<InboxPurger>();
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IHostedService, InboxPurger>(provider => provider.GetRequiredService<InboxPurger>()));
        services.TryAddSingleton(provider => new ProjectionRunner(
            provider.GetRequiredService<IEventStore>(),
            provider.GetRequiredService<ICheckpointStore>(),
            provider.GetService<ITransactionalProjectionStore>(),
            provider.GetRequiredService<EventCodec>()));
        services.TryAddSingleton(typeof(IAggregateRepository<>), typeof(AggregateRepository<>));
        AddSagas(services);
        return new EventSourcingBuilder(services);
    }

    /// <summary>
    /// The saga runtime the generated saga handlers use, its outbox with the sweep that publishes what sagas left pending
    /// at start, the scheduler that fires stored timeouts under a host, and the sweep that deletes completed sagas past
    /// their retention.
    /// </summary>
    private static void AddSagas(IServiceCollection services)
    {
        services.AddOptions<SagaOptions>().ValidateOnStart();
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IValidateOptions<SagaOptions>, SagaOptionsValidator>());
        services.TryAddSingleton<SagaTimeoutSignal>();
        services.TryAddSingleton(provider => new SagaTelemetry(provider.GetService<System.Diagnostics.Metrics.IMeterFactory>()));
        services.TryAddSingleton<SagaOutbox>();
        services.TryAddSingleton(provider => new SagaServices(
            provider.GetService<ISagaStore>(),
            provider.GetRequiredService<AggregateStates>(),
            provider.GetRequiredService<IMessageStorePipeline>(),
            provider.GetRequiredService<SagaTimeoutSignal>(),
            provider.GetRequiredService<SagaTelemetry>(),
            provider.GetRequiredService<IOptions<SagaOptions>>(),
            provider.GetRequiredService<TimeProvider>(),
            provider.GetServices<ISagaObserver>(),
            provider.GetRequiredService<SagaOutbox>()));
        services.TryAddSingleton(typeof(SagaRuntime<>));
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IHostedService, SagaOutboxSweeper>());
        services.TryAddSingleton<SagaTimeoutScheduler>();
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IHostedService, SagaTimeoutScheduler>(provider => provider.GetRequiredService<SagaTimeoutScheduler>()));
        services.TryAddSingleton<SagaPurger>();
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IHostedService, SagaPurger>(provider => provider.GetRequiredService<SagaPurger>()));
    }

    private static InvalidOperationException NoStoreChosen() =>
        new("No event store is chosen: call UseSqliteStore(path), UseAzureTableStore(connectionString) or UseInMemoryStore() on AddEventSourcing().");
}
