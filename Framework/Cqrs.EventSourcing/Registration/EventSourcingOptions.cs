namespace Cqrs.EventSourcing;

/// <summary>How aggregates are loaded and saved and how the outbox is drained.</summary>
public sealed class EventSourcingOptions
{
    /// <summary>A snapshot is saved each time a stream passes a multiple of this many events; 0 turns snapshots off. Default 100.</summary>
    public int SnapshotEvery { get; set; } = 100;

    /// <summary>How often <see cref="IAggregateRepository{TAggregate}.ExecuteAsync"/> decides again after losing a race. Default 3.</summary>
    public int ConflictRetries { get; set; } = 3;

    /// <summary>How often the outbox is checked for events that were stored but not published (after a crash). Default 5 s.</summary>
    public TimeSpan OutboxSweepInterval { get; set; } = TimeSpan.FromSeconds(5);

    /// <summary>How many unpublished events one sweep reads at most. Default 500.</summary>
    public int OutboxBatchSize { get; set; } = 500;
}
