using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace Cqrs.EventSourcing;

/// <summary>
/// At start and then every <see cref="EventSourcingOptions.InboxPurgeInterval"/>: forgets inbox records older than
/// <see cref="EventSourcingOptions.InboxRetention"/>, so the inbox stays bounded by the traffic of one retention.
/// </summary>
internal sealed partial class InboxPurger(IInboxStore store, TimeProvider clock, IOptions<EventSourcingOptions> options, ILogger<InboxPurger> logger) : BackgroundService
{
    /// <summary>Purges once; returns how many records went.</summary>
    public Task<int> PurgeAsync(CancellationToken cancellationToken) =>
        store.PurgeHandledAsync(clock.GetUtcNow() - options.Value.InboxRetention, cancellationToken);

    protected override async Task ExecuteAsync(CancellationToken stoppingToken)
    {
        using var timer = new PeriodicTimer(options.Value.InboxPurgeInterval, clock);
        do
        {
            try
            {
                var purged = await PurgeAsync(stoppingToken).ConfigureAwait(false);
                if (purged > 0)
                {
                    LogPurged(purged, options.Value.InboxRetention);
                }
            }
            catch (Exception exception) when (!stoppingToken.IsCancellationRequested)
            {
                LogPurgeFailed(exception);
            }
        }
        while (await timer.WaitForNextTickAsync(stoppingToken).ConfigureAwait(false));
    }

    /// <summary>As <see cref="OutboxSweeper.Dispose"/>: waits for the purge under way, so that it never uses a disposed store.</summary>
    public override void Dispose()
    {
        base.Dispose();
        if (ExecuteTask is { } purging)
        {
            Task.WhenAny(purging).GetAwaiter().GetResult();
        }
    }

    [LoggerMessage(Level = LogLevel.Information, Message = "Purged {Count} inbox records older than {Retention}.")]
    private partial void LogPurged(int count, TimeSpan retention);

    [LoggerMessage(Level = LogLevel.Error, Message = "The inbox purge failed; it runs again at the next interval.")]
    private partial void LogPurgeFailed(Exception exception);
}
