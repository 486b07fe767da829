namespace Cqrs.EventSourcing;

/// <summary>What a message does to a saga: how the runtime treats a saga that is missing or completed.</summary>
internal enum SagaStep
{
    /// <summary>Starts the saga if it does not exist; handled like any message if it does.</summary>
    Start,

    /// <summary>Moves on a saga that exists; otherwise meets <see cref="SagaOptions.NotFound"/>.</summary>
    Handle,

    /// <summary>A timeout: dropped and counted if the saga completed or does not exist.</summary>
    Timeout,
}
