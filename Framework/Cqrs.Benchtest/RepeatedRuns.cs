namespace Cqrs.Benchtest;

/// <summary>Runs of the same benchtest, summed up as the median run with the spread of its headline figures.</summary>
internal static class RepeatedRuns
{
    /// <summary>
    /// The run whose ops/s is nearest the median (<c>Median</c>, its index in <paramref name="runs"/>), with the
    /// spread over the runs of ops/s, CPU time per operation, p99 latency and allocation per operation (<c>Summary</c>).
    /// </summary>
    /// <exception cref="ArgumentException">There are no runs.</exception>
    public static (int Median, BenchtestResult Summary) Summarize(IReadOnlyList<BenchtestResult> runs)
    {
        ArgumentOutOfRangeException.ThrowIfZero(runs.Count);
        var opsPerSecond = Spread(runs, run => run.OpsPerSecond);
        var median = Enumerable.Range(0, runs.Count).MinBy(index => Math.Abs(runs[index].OpsPerSecond - opsPerSecond.Median));
        return (median, runs[median] with
        {
            Runs = runs.Count,
            OpsPerSecondSpread = opsPerSecond,
            CpuUsPerOpSpread = Spread(runs, run => run.CpuUsPerOp),
            LatencyP99UsSpread = Spread(runs, run => run.LatencyP99Us),
            AllocatedBytesPerOpSpread = Spread(runs, run => run.AllocatedBytesPerOp),
        });
    }

    private static FigureSpread Spread(IReadOnlyList<BenchtestResult> runs, Func<BenchtestResult, double> figure) =>
        FigureSpread.Of([.. runs.Select(figure)]);
}
