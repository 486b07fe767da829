using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace Cqrs.EventSourcing;

/// <summary>
/// At start and then every <see cref="EventSourcingOptions.InboxPurgeInterval"/>: forgets inbox records older than
/// <see cref="EventSourcingOptions.InboxRetention"/>, so the inbox stays bounded by the traffic of one retention.
/// </summary>
internal sealed partial class InboxPurger(IInboxStore store, TimeProvider clock, IOptions<EventSourcingOptions> options, ILogger<InboxPurger> logger)
    : PeriodicWork(options.Value.InboxPurgeInterval, clock)
{
    /// <summary>Purges once; returns how many records went.</summary>
    public Task<int> PurgeAsync(CancellationToken cancellationToken) =>
        store.PurgeHandledAsync(Clock.GetUtcNow() - options.Value.InboxRetention, cancellationToken);

    protected override Task<int> RunOnceAsync(CancellationToken cancellationToken) => PurgeAsync(cancellationToken);

    protected override void LogDone(int count) => LogPurged(count, options.Value.InboxRetention);

    protected override void LogFailed(Exception exception) => LogPurgeFailed(exception);

    [LoggerMessage(Level = LogLevel.Information, Message = "Purged {Count} inbox records older than {Retention}.")]
    private partial void LogPurged(int count, TimeSpan retention);

    [LoggerMessage(Level = LogLevel.Error, Message = "The inbox purge failed; it runs again at the next interval.")]
    private partial void LogPurgeFailed(Exception exception);
}
