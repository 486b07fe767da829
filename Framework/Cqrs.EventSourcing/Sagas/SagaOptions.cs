namespace Cqrs.EventSourcing;

/// <summary>How sagas are loaded, saved and timed out. Set with <c>AddEventSourcing().ConfigureSagas(...)</c>.</summary>
public sealed class SagaOptions
{
    /// <summary>What a message for a saga that does not exist, or has completed, and does not start one meets. Default <see cref="SagaNotFound.Ignore"/>.</summary>
    public SagaNotFound NotFound { get; set; } = SagaNotFound.Ignore;

    /// <summary>
    /// How often a message is handled again after another message for the same saga was saved first (by another
    /// process: within one, messages for one saga take turns). Past it, the handler throws and the pipeline retries. Default 10.
    /// </summary>
    public int ConflictRetries { get; set; } = 10;

    /// <summary>
    /// How many of its latest message ids a saga keeps, saved with its state, to recognise a message delivered again
    /// and skip it. A repeat older than that is handled again. Default 100.
    /// </summary>
    public int RememberedMessages { get; set; } = 100;

    /// <summary>
    /// The longest the timeout scheduler waits before looking for due timeouts again (another process may have
    /// stored one); timeouts this process requests wake it at once. Default 1 s.
    /// </summary>
    public TimeSpan TimeoutPollInterval { get; set; } = TimeSpan.FromSeconds(1);

    /// <summary>
    /// How many due timeouts the scheduler fires at a time (and how many sagas the sweep at start reads at a time); a
    /// full batch is followed by the next once it is delivered. Default 100.
    /// </summary>
    public int TimeoutBatchSize { get; set; } = 100;

    /// <summary>
    /// How long a completed saga is kept before a background sweep deletes it with its timeouts;
    /// <see cref="Timeout.InfiniteTimeSpan"/> keeps completed sagas for ever. Default 7 days. A completed saga is kept a
    /// while so that a late or repeated message finds it completed rather than missing: a starting message delivered
    /// again (a redelivery, a retry upstream) is then counted as not found (<see cref="NotFound"/>) instead of starting
    /// the workflow a second time, and a query can still read its final state. Keep it longer than any message for the
    /// saga can arrive late, as with <see cref="EventSourcingOptions.InboxRetention"/>. A completed saga still holding
    /// messages not yet delivered is kept until they are.
    /// </summary>
    public TimeSpan CompletedRetention { get; set; } = TimeSpan.FromDays(7);

    /// <summary>How often completed sagas older than <see cref="CompletedRetention"/> are looked for and deleted (also once at start). Default 1 hour.</summary>
    public TimeSpan CompletedPurgeInterval { get; set; } = TimeSpan.FromHours(1);
}
