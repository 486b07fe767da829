using Microsoft.Extensions.Hosting;

namespace Cqrs.EventSourcing;

/// <summary>
/// Upkeep of a store under a host: runs at start and then every interval until the host stops; a run that fails is
/// logged, and the next one tries again.
/// </summary>
internal abstract class PeriodicWork(TimeSpan interval, TimeProvider clock) : BackgroundService
{
    /// <summary>The clock the runs are timed by.</summary>
    protected TimeProvider Clock { get; } = clock;

    /// <summary>False when there is nothing to keep up (no store, or nothing ever expires): then nothing runs.</summary>
    protected virtual bool IsNeeded => true;

    /// <summary>
    /// A host disposed without being stopped disposes its container straight away: this stops the runs too, and
    /// waits for the one under way, so that it never uses the store (created before this, so disposed after) once
    /// the store is gone.
    /// </summary>
    public override void Dispose()
    {
        base.Dispose();
        if (ExecuteTask is { } running)
        {
            // WhenAny: waits for the loop's end without rethrowing its cancellation.
            Task.WhenAny(running).GetAwaiter().GetResult();
        }
    }

    /// <summary>One run; returns how many items it dealt with.</summary>
    protected abstract Task<int> RunOnceAsync(CancellationToken cancellationToken);

    /// <summary>Logs a run that dealt with <paramref name="count"/> items, more than none.</summary>
    protected abstract void LogDone(int count);

    protected abstract void LogFailed(Exception exception);

    protected sealed override async Task ExecuteAsync(CancellationToken stoppingToken)
    {
        if (!IsNeeded)
        {
            return;
        }

        using var timer = new PeriodicTimer(interval, Clock);
        do
        {
            try
            {
                var count = await RunOnceAsync(stoppingToken).ConfigureAwait(false);
                if (count > 0)
                {
                    LogDone(count);
                }
            }
            catch (Exception exception) when (!stoppingToken.IsCancellationRequested)
            {
                LogFailed(exception);
            }
        }
        while (await timer.WaitForNextTickAsync(stoppingToken).ConfigureAwait(false));
    }
}
