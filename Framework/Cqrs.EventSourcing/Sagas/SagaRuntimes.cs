using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.EventSourcing;

/// <summary>
/// How the generated saga handlers find their runtime: on their first message, not when the pipeline builds them, so
/// that a container without event sourcing, whose sagas never get a message (an assembly's sagas are registered with
/// its other handlers), still starts.
/// </summary>
internal static class SagaRuntimes
{
    /// <exception cref="InvalidOperationException">Event sourcing is not added to the container.</exception>
    public static SagaRuntime<TSaga> Of<TSaga>(IServiceProvider services)
        where TSaga : ISaga<TSaga> =>
        services.GetService<SagaRuntime<TSaga>>() ?? throw new InvalidOperationException(
            $"Saga {typeof(TSaga)} got a message, but sagas need event sourcing: call AddEventSourcing() and choose a store that keeps sagas (UseSqliteStore, UseAzureTableStore or UseInMemoryStore).");
}
