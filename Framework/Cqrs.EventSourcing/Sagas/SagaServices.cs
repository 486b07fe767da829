using Cqrs.Transports;
using Microsoft.Extensions.Options;

namespace Cqrs.EventSourcing;

/// <summary>What every <see cref="SagaRuntime{TSaga}"/> shares; registered by <c>AddEventSourcing</c>. Thread-safe.</summary>
public sealed class SagaServices
{
    private readonly ISagaStore? _store;

    internal SagaServices(
        ISagaStore? store,
        AggregateStates states,
        IMessageStorePipeline pipeline,
        SagaTimeoutSignal timeouts,
        SagaTelemetry telemetry,
        IOptions<SagaOptions> options,
        TimeProvider clock,
        IEnumerable<ISagaObserver> observers,
        SagaOutbox outbox)
    {
        _store = store;
        States = states;
        Pipeline = pipeline;
        Timeouts = timeouts;
        Telemetry = telemetry;
        Options = options.Value;
        Clock = clock;
        Observers = [.. observers];
        Outbox = outbox;
    }

    /// <summary>The store, if it keeps sagas.</summary>
    /// <exception cref="InvalidOperationException">No <see cref="ISagaStore"/> is registered.</exception>
    internal ISagaStore Store => _store ?? throw new InvalidOperationException(
        $"The chosen event store does not keep sagas: choose one that registers an {nameof(ISagaStore)} (UseSqliteStore, UseAzureTableStore or UseInMemoryStore).");

    internal bool HasStore => _store is not null;

    internal AggregateStates States { get; }

    internal IMessageStorePipeline Pipeline { get; }

    internal SagaTimeoutSignal Timeouts { get; }

    internal SagaTelemetry Telemetry { get; }

    internal SagaOptions Options { get; }

    internal TimeProvider Clock { get; }

    /// <summary>Told of each saga decision once saved.</summary>
    internal ISagaObserver[] Observers { get; }

    /// <summary>Publishes what sagas decided, and forgets it once delivered.</summary>
    internal SagaOutbox Outbox { get; }

    /// <summary>Messages for one saga take turns within this process, so they lose no races to each other.</summary>
    internal KeyedLocks Locks => Outbox.Locks;
}
