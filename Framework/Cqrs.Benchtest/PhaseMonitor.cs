using System.Diagnostics;

namespace Cqrs.Benchtest;

/// <summary>
/// Runs one phase of a run to the end: waits until every command is sent and every operation handled, reports
/// progress a few times a second, and stops waiting when nothing completes for the stall timeout: operations still
/// unhandled then are lost (a run that loses one would otherwise hang).
/// </summary>
internal sealed class PhaseMonitor(
    OperationTracker tracker, BenchtestPhase phase, int total, IProgress<BenchtestProgress>? progress, TimeSpan? stallTimeout = null)
{
    public static readonly TimeSpan StallTimeout = TimeSpan.FromSeconds(30);

    private static readonly TimeSpan ReportInterval = TimeSpan.FromMilliseconds(250);

    private readonly TimeSpan _stallTimeout = stallTimeout ?? StallTimeout;

    /// <summary>
    /// Sends with <paramref name="send"/>, and returns how many operations were handled and the time until the last
    /// of them was.
    /// </summary>
    /// <exception cref="TimeoutException">Nothing completed for the stall timeout before every command was sent.</exception>
    public async Task<PhaseOutcome> RunAsync(Func<Task> send, CancellationToken cancellationToken)
    {
        using var stalled = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        var ticks = new PeriodicTimer(ReportInterval);
        var watching = WatchAsync(ticks, stalled);
        var started = Stopwatch.GetTimestamp();
        var sending = send();
        try
        {
            await Task.WhenAll(sending, tracker.WhenAllDone().AsTask()).WaitAsync(stalled.Token).ConfigureAwait(false);
            return new PhaseOutcome(Stopwatch.GetElapsedTime(started), tracker.Completed);
        }
        catch (OperationCanceledException) when (!cancellationToken.IsCancellationRequested)
        {
            if (!sending.IsCompletedSuccessfully)
            {
                throw new TimeoutException(
                    $"{phase}: no operation completed for {_stallTimeout.TotalSeconds:0} s while commands were still being sent ({tracker.Completed:N0} of {total:N0} done).");
            }

            var completed = tracker.Completed;
            var lastCompleted = tracker.LastCompletedTimestamp;
            return new PhaseOutcome(completed == 0 ? TimeSpan.Zero : Stopwatch.GetElapsedTime(started, lastCompleted), completed);
        }
        finally
        {
            ticks.Dispose();
            await watching.ConfigureAwait(false);
            progress?.Report(new BenchtestProgress(phase, tracker.Completed, total));
        }
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
            else if (TimeProvider.System.GetElapsedTime(lastChange) > _stallTimeout)
            {
                await stalled.CancelAsync().ConfigureAwait(false);
                return;
            }
        }
    }
}
