namespace Cqrs.EventSourcing;

/// <summary>
/// Names of the saga spans, instruments and tags. They come from the framework's ActivitySource and Meter
/// (<see cref="CqrsDiagnostics.ActivitySourceName"/>, <see cref="CqrsDiagnostics.MeterName"/>): subscribing to those is enough.
/// </summary>
public static class SagaDiagnostics
{
    /// <summary>Counter: sagas started.</summary>
    public const string SagasStarted = "cqrs.sagas.started";

    /// <summary>Counter: sagas completed.</summary>
    public const string SagasCompleted = "cqrs.sagas.completed";

    /// <summary>Counter: timeouts delivered to a saga that was still running.</summary>
    public const string SagasTimedOut = "cqrs.sagas.timed_out";

    /// <summary>Counter: timeouts dropped because their saga had completed or did not exist.</summary>
    public const string TimeoutsDropped = "cqrs.sagas.timeouts_dropped";

    /// <summary>Counter: messages for a saga that does not exist or has completed, and that do not start one.</summary>
    public const string SagasNotFound = "cqrs.sagas.not_found";

    /// <summary>Counter: messages handled again after another message for the same saga was saved first.</summary>
    public const string SagaConflicts = "cqrs.sagas.conflicts";

    /// <summary>Counter: completed sagas deleted once older than <see cref="SagaOptions.CompletedRetention"/>. It has no saga type tag: the purge deletes in batches across types.</summary>
    public const string SagasPurged = "cqrs.sagas.purged";

    /// <summary>Tag: the saga type's wire name.</summary>
    public const string SagaTypeTag = "cqrs.saga.type";

    /// <summary>Tag (spans only): the saga's id.</summary>
    public const string SagaIdTag = "cqrs.saga.id";
}
