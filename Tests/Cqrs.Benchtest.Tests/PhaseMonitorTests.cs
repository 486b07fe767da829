using Cqrs.Benchtest;

namespace Cqrs.Benchtest.Tests;

/// <summary>
/// A phase ends when every operation is handled, or when nothing has completed for the stall timeout: what is unhandled
/// then is lost, counted rather than waited for.
/// </summary>
public sealed class PhaseMonitorTests
{
    private static readonly TimeSpan ShortStall = TimeSpan.FromMilliseconds(500);

    [Fact]
    public async Task Run_WithAnOperationNeverHandled_ReturnsTheHandledOnesAndLeavesTheLostOutOfTheLatencies()
    {
        var tracker = new OperationTracker();
        tracker.Prepare(3);
        var monitor = new PhaseMonitor(tracker, BenchtestPhase.Measuring, total: 3, progress: null, ShortStall);

        var outcome = await monitor.RunAsync(() => Handle(tracker, 0, 2), CancellationToken.None);

        Assert.Equal(2, outcome.Completed);
        Assert.Equal(2, tracker.LatencyTicks.Count(latency => latency >= 0));
        Assert.True(LatencySummary.SortAndSummarize(tracker.LatencyTicks).P99Us >= 0);
    }

    [Fact]
    public async Task Run_WithEveryOperationHandled_ReturnsThemAll()
    {
        var tracker = new OperationTracker();
        tracker.Prepare(3);

        var outcome = await new PhaseMonitor(tracker, BenchtestPhase.Measuring, total: 3, progress: null, ShortStall)
            .RunAsync(() => Handle(tracker, 0, 1, 2), CancellationToken.None);

        Assert.Equal(3, outcome.Completed);
    }

    [Fact]
    public async Task Run_WhileCommandsAreStillBeingSent_ThrowsOnceNothingCompletes()
    {
        var tracker = new OperationTracker();
        tracker.Prepare(1);
        var neverSent = new TaskCompletionSource();

        var error = await Assert.ThrowsAsync<TimeoutException>(
            () => new PhaseMonitor(tracker, BenchtestPhase.Measuring, total: 1, progress: null, ShortStall).RunAsync(() => neverSent.Task, CancellationToken.None));

        Assert.Contains("still being sent", error.Message, StringComparison.Ordinal);
    }

    /// <summary>Sends and fully handles the operations numbered <paramref name="sequences"/>.</summary>
    private static Task Handle(OperationTracker tracker, params int[] sequences)
    {
        foreach (var sequence in sequences)
        {
            tracker.Started(sequence);
            for (var handler = 0; handler < OperationTracker.HandlersPerOperation; handler++)
            {
                tracker.HandlerFinished(sequence);
            }
        }

        return Task.CompletedTask;
    }
}
