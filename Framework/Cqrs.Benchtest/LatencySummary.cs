using System.Diagnostics;

namespace Cqrs.Benchtest;

/// <summary>Mean and percentiles of a run's latencies, in microseconds.</summary>
internal readonly record struct LatencySummary(double MeanUs, double P50Us, double P99Us)
{
    /// <summary>Summarizes <paramref name="ticks"/> (Stopwatch ticks), sorting them in place; negative ones (operations never completed) are left out.</summary>
    public static LatencySummary SortAndSummarize(ArraySegment<long> ticks)
    {
        var span = ticks.AsSpan();
        span.Sort();
        var firstCompleted = span.IndexOfAnyInRange(0, long.MaxValue);
        span = firstCompleted < 0 ? [] : span[firstCompleted..];
        if (span.Length == 0)
        {
            return default;
        }

        double total = 0;
        foreach (var latency in span)
        {
            total += latency;
        }

        return new LatencySummary(
            ToMicroseconds(total / span.Length),
            ToMicroseconds(Percentile(span, 0.50)),
            ToMicroseconds(Percentile(span, 0.99)));
    }

    /// <summary>Nearest-rank percentile of sorted values.</summary>
    private static long Percentile(ReadOnlySpan<long> sorted, double fraction) =>
        sorted[Math.Max(0, (int)Math.Ceiling(fraction * sorted.Length) - 1)];

    private static double ToMicroseconds(double ticks) => ticks * 1_000_000 / Stopwatch.Frequency;
}
