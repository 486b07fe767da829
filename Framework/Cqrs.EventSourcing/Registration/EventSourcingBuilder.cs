using Microsoft.Extensions.DependencyInjection;

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
}
