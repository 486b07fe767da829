using System.Diagnostics;
using Cqrs.Benchtest;

namespace Cqrs.Benchmarks.ScaleOut;

/// <summary>
/// Waits for a phase of operations spread over processes: asks how many are completed a few times a second until all
/// are and the sender is done, or until none has completed for the stall timeout once everything was sent (the rest
/// are then lost).
/// </summary>
internal static class CompletionWatch
{
    /// <summary>How often the processes are asked how far they have got: often enough to see a phase end, cheap for them.</summary>
    private static readonly TimeSpan PollInterval = TimeSpan.FromMilliseconds(50);

    /// <param name="phase">The phase, for progress and errors.</param>
    /// <param name="count">The phase's operations.</param>
    /// <param name="sending">The sender's part, done once the broker has taken every command.</param>
    /// <param name="completed">How many of the phase's operations are completed now.</param>
    /// <param name="progress">Told how far the phase has got.</param>
    /// <param name="cancellationToken">Stops the wait.</param>
    /// <returns>The operations completed, at most <paramref name="count"/>.</returns>
    /// <exception cref="TimeoutException">Nothing completed for the stall timeout while commands were still being sent.</exception>
    public static async Task<int> UntilDoneAsync(
        BenchtestPhase phase, int count, Task sending, Func<Task<int>> completed, IProgress<BenchtestProgress> progress, CancellationToken cancellationToken)
    {
        var done = 0;
        var lastChange = Stopwatch.GetTimestamp();
        while (true)
        {
            await Task.Delay(PollInterval, cancellationToken).ConfigureAwait(false);
            var now = Math.Min(await completed().ConfigureAwait(false), count);
            progress.Report(new BenchtestProgress(phase, now, count));
            if (now != done)
            {
                (done, lastChange) = (now, Stopwatch.GetTimestamp());
            }

            if (done == count && sending.IsCompleted)
            {
                break;
            }

            if (Stopwatch.GetElapsedTime(lastChange) > PhaseMonitor.StallTimeout)
            {
                if (!sending.IsCompleted)
                {
                    throw new TimeoutException(
                        $"{phase}: no operation completed for {PhaseMonitor.StallTimeout.TotalSeconds:0} s while commands were still being sent ({done:N0} of {count:N0} done).");
                }

                break;
            }
        }

        await sending.ConfigureAwait(false);
        return done;
    }
}
