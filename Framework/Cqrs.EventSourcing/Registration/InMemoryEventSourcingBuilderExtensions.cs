using Cqrs.EventSourcing;
using Cqrs.EventSourcing.InMemory;
using Microsoft.Extensions.DependencyInjection.Extensions;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>
/// Chooses the in-memory stores on <c>AddEventSourcing()</c>. Kept out of <see cref="EventSourcingBuilder"/>'s
/// namespace so that the contracts do not depend on one of their implementations.
/// </summary>
public static class InMemoryEventSourcingBuilderExtensions
{
    /// <summary>
    /// Keeps everything in memory, in <paramref name="storage"/> (a new one when null), one store class per contract:
    /// for tests and samples. Containers given one storage share what it keeps.
    /// </summary>
    public static EventSourcingBuilder UseInMemoryStore(this EventSourcingBuilder builder, InMemoryStorage? storage = null)
    {
        ArgumentNullException.ThrowIfNull(builder);
        var services = builder.Services;
        services.Replace(storage is null ? ServiceDescriptor.Singleton(_ => new InMemoryStorage()) : ServiceDescriptor.Singleton(storage));
        services.Replace(ServiceDescriptor.Singleton<IEventStore>(provider => new InMemoryEventStore(provider.GetRequiredService<InMemoryStorage>())));
        services.Replace(ServiceDescriptor.Singleton<IOutboxStore>(provider => new InMemoryOutboxStore(provider.GetRequiredService<InMemoryStorage>())));
        services.Replace(ServiceDescriptor.Singleton<ISnapshotStore>(_ => new InMemorySnapshotStore()));
        services.Replace(ServiceDescriptor.Singleton<IInboxStore>(provider => new InMemoryInboxStore(provider.GetRequiredService<InMemoryStorage>())));
        services.Replace(ServiceDescriptor.Singleton<ICheckpointStore>(_ => new InMemoryCheckpointStore()));
        services.Replace(ServiceDescriptor.Singleton<ISagaStore>(provider => new InMemorySagaStore(provider.GetRequiredService<InMemoryStorage>())));
        return builder;
    }
}
