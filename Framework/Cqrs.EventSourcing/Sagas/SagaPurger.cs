using Microsoft.Extensions.Logging;

namespace Cqrs.EventSourcing;

/// <summary>
/// Under a host, at start and then every <see cref="SagaOptions.CompletedPurgeInterval"/>: deletes the sagas that
/// completed more than <see cref="SagaOptions.CompletedRetention"/> ago, with their timeouts, in batches of
/// <see cref="BatchSize"/>, and counts them (<see cref="SagaDiagnostics.SagasPurged"/>). So the store holds the running
/// sagas and one retention's worth of completed ones. Does nothing when the store keeps no sagas, or the retention is
/// infinite. Thread-safe.
/// </summary>
internal sealed partial class SagaPurger(SagaServices services, ILogger<SagaPurger> logger)
    : PeriodicWork(services.Options.CompletedPurgeInterval, services.Clock)
{
    /// <summary>How many sagas one call to the store deletes at most; the purge calls it until fewer come back.</summary>
    public const int BatchSize = 100;

    /// <summary>Purges once, batch after batch until none is left that old; returns how many sagas went.</summary>
    public async Task<int> PurgeAsync(CancellationToken cancellationToken)
    {
        if (!IsNeeded)
        {
            return 0;
        }

        var retention = services.Options.CompletedRetention;

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

    protected override bool IsNeeded => services.HasStore && services.Options.CompletedRetention != Timeout.InfiniteTimeSpan;

    protected override Task<int> RunOnceAsync(CancellationToken cancellationToken) => PurgeAsync(cancellationToken);

    protected override void LogDone(int count) => LogPurged(count, services.Options.CompletedRetention);

    protected override void LogFailed(Exception exception) => LogPurgeFailed(exception);

    [LoggerMessage(Level = LogLevel.Information, Message = "Purged {Count} sagas completed more than {Retention} ago.")]
    private partial void LogPurged(int count, TimeSpan retention);

    [LoggerMessage(Level = LogLevel.Error, Message = "The purge of completed sagas failed; it runs again at the next interval.")]
    private partial void LogPurgeFailed(Exception exception);
}
