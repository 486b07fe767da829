namespace Cqrs.Benchtest.Engine;

/// <summary>
/// Runs one phase of a run to the end: waits until every command is sent and every operation handled,
/// reports progress a few times a second, and gives up when nothing completes for <see cref="StallTimeout"/>
/// (a lost operation would otherwise hang the run).
/// </summary>
internal sealed class PhaseMonitor(OperationTracker tracker, BenchtestPhase phase, int total, IProgress<BenchtestProgress>? progress)
{
    public static readonly TimeSpan StallTimeout = TimeSpan.FromSeconds(30);

    private static readonly TimeSpan ReportInterval = TimeSpan.FromMilliseconds(250);

    /// <summary>Sends with <paramref name="send"/> and returns the time until the last operation was handled.</summary>
    /// <exception cref="TimeoutException">No operation completed for <see cref="StallTimeout"/>.</exception>
    public async Task<TimeSpan> RunAsync(Func<Task> send, CancellationToken cancellationToken)
    {
        using var stalled = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        var ticks = new PeriodicTimer(ReportInterval);
        var watching = WatchAsync(ticks, stalled);
        var started = TimeProvider.System.GetTimestamp();
        TimeSpan elapsed;
        try
        {
            await Task.WhenAll(send(), tracker.WhenAllDone().AsTask()).WaitAsync(stalled.Token).ConfigureAwait(false);
            elapsed = TimeProvider.System.GetElapsedTime(started);
        }
        catch (OperationCanceledException) when (!cancellationToken.IsCancellationRequested)
        {
            throw new TimeoutException(
                $"{phase}: no operation completed for {StallTimeout.TotalSeconds:0} s ({tracker.Completed:N0} of {total:N0} done).");
        }
        finally
        {
            ticks.Dispose();
            await watching.ConfigureAwait(false);
        }

        progress?.Report(new BenchtestProgress(phase, total, total));
        return elapsed;
    }

    private async Task WatchAsync(PeriodicTimer ticks, CancellationTokenSource stalled)
    {
        var lastCompleted = -1;
        var lastChange = TimeProvider.System.GetTimestamp();
        while (await ticks.WaitForNextTickAsync().ConfigureAwait(false))
        {
            var completed = tracker.Completed;
            progress?.Report(new BenchtestProgress(phase, completed, total));
            if (completed != lastCompleted)
            {
                lastCompleted = completed;
                lastChange = TimeProvider.System.GetTimestamp();
            }
            else if (TimeProvider.System.GetElapsedTime(lastChange) > StallTimeout)
            {
                await stalled.CancelAsync().ConfigureAwait(false);
                return;
            }
        }
    }
}
