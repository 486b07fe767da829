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

    /// <summary>
    /// How long the <see cref="Inbox"/> remembers a handled message: older records are purged (at start and then
    /// every <see cref="InboxPurgeInterval"/>), and a message delivered again after that runs again. Keep it longer
    /// than any redelivery can come late (a broker's retention, a restart's outbox sweep). Default 7 days.
    /// </summary>
    public TimeSpan InboxRetention { get; set; } = TimeSpan.FromDays(7);

    /// <summary>How often inbox records older than <see cref="InboxRetention"/> are purged. Default 1 hour.</summary>
    public TimeSpan InboxPurgeInterval { get; set; } = TimeSpan.FromHours(1);

    /// <summary>
    /// How long the <see cref="Inbox"/>'s claim on a message lasts unless renewed: while the work runs, the claim is
    /// renewed every third of it, so no other instance does the work at the same time however long it takes. After a
    /// crash, the claim holds the message back for up to this long: keep it well below the span of the retries
    /// (<c>Retry.Delays</c>), or the retries of a message a crashed instance claimed run out first. Default 30 s.
    /// </summary>
    public TimeSpan InboxClaimDuration { get; set; } = TimeSpan.FromSeconds(30);
}
