using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;

namespace Cqrs.EventSourcing;

/// <summary>Returned by <c>AddEventSourcing</c>: chooses the store. Not thread-safe.</summary>
public sealed class EventSourcingBuilder
{
    internal EventSourcingBuilder(IServiceCollection services) => Services = services;

    /// <summary>The service collection event sourcing is registered in.</summary>
    public IServiceCollection Services { get; }

    /// <summary>Makes <typeparamref name="TStore"/> the store of every part: streams, outbox, snapshots, inbox and checkpoints.</summary>
    public EventSourcingBuilder UseStore<TStore>(Func<IServiceProvider, TStore> create)
        where TStore : class, IEventSourcingStore
    {
        ArgumentNullException.ThrowIfNull(create);
        Services.Replace(ServiceDescriptor.Singleton<IEventSourcingStore>(create));
        return this;
    }

    /// <summary>Sets the <see cref="SagaOptions"/>.</summary>
    public EventSourcingBuilder ConfigureSagas(Action<SagaOptions> configure)
    {
        ArgumentNullException.ThrowIfNull(configure);
        Services.Configure(configure);
        return this;
    }

    /// <summary>Keeps everything in memory: for tests and samples.</summary>
    public EventSourcingBuilder UseInMemoryStore() => UseStore(_ => new InMemory.InMemoryEventStore());
}
