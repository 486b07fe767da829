using Cqrs.EventSourcing.InMemory;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;

namespace Cqrs.EventSourcing;

/// <summary>
/// Returned by <c>AddEventSourcing</c>: chooses the stores. A store package registers one class per contract
/// (<see cref="IEventStore"/>, <see cref="IOutboxStore"/>, <see cref="ISnapshotStore"/>, <see cref="IInboxStore"/>,
/// <see cref="ICheckpointStore"/>, and where it keeps them <see cref="ISagaStore"/> and
/// <see cref="ITransactionalProjectionStore"/>) in <see cref="Services"/>. Not thread-safe.
/// </summary>
public sealed class EventSourcingBuilder
{
    internal EventSourcingBuilder(IServiceCollection services) => Services = services;

    /// <summary>The service collection event sourcing is registered in.</summary>
    public IServiceCollection Services { get; }

    /// <summary>Sets the <see cref="SagaOptions"/>.</summary>
    public EventSourcingBuilder ConfigureSagas(Action<SagaOptions> configure)
    {
        ArgumentNullException.ThrowIfNull(configure);
        Services.Configure(configure);
        return this;
    }

    /// <summary>
    /// Keeps everything in memory, in <paramref name="storage"/> (a new one when null), one store class per contract:
    /// for tests and samples. Containers given one storage share what it keeps.
    /// </summary>
    public EventSourcingBuilder UseInMemoryStore(InMemoryStorage? storage = null)
    {
        Services.Replace(storage is null ? ServiceDescriptor.Singleton(_ => new InMemoryStorage()) : ServiceDescriptor.Singleton(storage));
        Services.Replace(ServiceDescriptor.Singleton<IEventStore>(provider => new InMemoryEventStore(provider.GetRequiredService<InMemoryStorage>())));
        Services.Replace(ServiceDescriptor.Singleton<IOutboxStore>(provider => new InMemoryOutboxStore(provider.GetRequiredService<InMemoryStorage>())));
        Services.Replace(ServiceDescriptor.Singleton<ISnapshotStore>(_ => new InMemorySnapshotStore()));
        Services.Replace(ServiceDescriptor.Singleton<IInboxStore>(provider => new InMemoryInboxStore(provider.GetRequiredService<InMemoryStorage>())));
        Services.Replace(ServiceDescriptor.Singleton<ICheckpointStore>(_ => new InMemoryCheckpointStore()));
        Services.Replace(ServiceDescriptor.Singleton<ISagaStore>(provider => new InMemorySagaStore(provider.GetRequiredService<InMemoryStorage>())));
        return this;
    }
}
