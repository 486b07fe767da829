using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

namespace Cqrs.EventSourcing;

/// <summary>
/// Under a host, at start and then every <see cref="SagaOptions.CompletedPurgeInterval"/>: deletes the sagas that
/// completed more than <see cref="SagaOptions.CompletedRetention"/> ago, with their timeouts, in batches of
/// <see cref="BatchSize"/>, and counts them (<see cref="SagaDiagnostics.SagasPurged"/>). So the store holds the running
/// sagas and one retention's worth of completed ones. Does nothing when the store keeps no sagas, or the retention is
/// infinite. Thread-safe.
/// </summary>
internal sealed partial class SagaPurger(SagaServices services, ILogger<SagaPurger> logger) : BackgroundService
{
    /// <summary>How many sagas one call to the store deletes at most; the purge calls it until fewer come back.</summary>
    public const int BatchSize = 100;

    /// <summary>Purges once, batch after batch until none is left that old; returns how many sagas went.</summary>
    public async Task<int> PurgeAsync(CancellationToken cancellationToken)
    {
        var retention = services.Options.CompletedRetention;
        if (!services.HasStore || retention == Timeout.InfiniteTimeSpan)
        {
            return 0;
        }

        // One cutoff for the whole purge: sagas completing meanwhile wait for the next one.
        var completedBefore = services.Clock.GetUtcNow() - retention;
        var total = 0;
        while (true)
        {
            var purged = await services.Store.PurgeCompletedSagasAsync(completedBefore, BatchSize, cancellationToken).ConfigureAwait(false);
            if (purged > 0)
            {
                services.Telemetry.Purged(purged);
                total += purged;
            }

            if (purged < BatchSize)
            {
                return total;
            }
        }
    }

    protected override async Task ExecuteAsync(CancellationToken stoppingToken)
    {
        if (!services.HasStore || services.Options.CompletedRetention == Timeout.InfiniteTimeSpan)
        {
            return;
        }

        using var timer = new PeriodicTimer(services.Options.CompletedPurgeInterval, services.Clock);
        do
        {
            try
            {
                var purged = await PurgeAsync(stoppingToken).ConfigureAwait(false);
                if (purged > 0)
                {
                    LogPurged(purged, services.Options.CompletedRetention);
                }
            }
            catch (Exception exception) when (!stoppingToken.IsCancellationRequested)
            {
                LogPurgeFailed(exception);
            }
            catch (OperationCanceledException)
            {
                return;
            }
        }
        while (await timer.WaitForNextTickAsync(stoppingToken).ConfigureAwait(false));
    }

    /// <summary>As <see cref="InboxPurger.Dispose"/>: waits for the purge under way, so that it never uses a disposed store.</summary>
    public override void Dispose()
    {
        base.Dispose();
        if (ExecuteTask is { } purging)
        {
            Task.WhenAny(purging).GetAwaiter().GetResult();
        }
    }

    [LoggerMessage(Level = LogLevel.Information, Message = "Purged {Count} sagas completed more than {Retention} ago.")]
    private partial void LogPurged(int count, TimeSpan retention);

    [LoggerMessage(Level = LogLevel.Error, Message = "The purge of completed sagas failed; it runs again at the next interval.")]
    private partial void LogPurgeFailed(Exception exception);
}
