using System.Globalization;
using Cqrs.Benchtest.Sweep;

namespace Cqrs.Benchtest;

/// <summary>
/// Draws a sweep as an SVG chart: throughput (left axis) and p99 latency (right axis) against concurrency,
/// with the knee marked. Levels are spaced evenly, which is a log scale for the usual powers of two; latency,
/// which spans decades as queues grow, is on a log scale too.
/// </summary>
public static class SweepChart
{
    private const string ThroughputColour = "#1f6fb4";
    private const string LatencyColour = "#d0402b";

    /// <summary>The chart as an SVG document.</summary>
    public static string ToSvg(SweepResult sweep)
    {
        ArgumentNullException.ThrowIfNull(sweep);
        var points = sweep.Points;
        var throughput = AxisScale.Linear(points.Max(point => point.OpsPerSecond));
        var latency = AxisScale.Decades(points.Min(point => point.LatencyP99Us), points.Max(point => point.LatencyP99Us));
        var svg = new SvgDocument(760, 440);
        var frame = new ChartFrame(svg, top: 60);

        svg.Text(svg.Width / 2.0, 28, "Benchtest sweep: throughput and p99 latency against concurrency", size: 16);
        frame.DrawAxes(
            new(throughput, "throughput (ops/s)", ThroughputColour),
            new(latency, "p99 latency (µs, log scale)", LatencyColour),
            "concurrency (operations in flight = tasks)");
        frame.DrawLevels([.. points.Select(point => point.Tasks.ToString(CultureInfo.InvariantCulture))]);
        DrawKnee(svg, frame, points, sweep.Knee);
        frame.DrawSeries([.. points.Select(point => point.OpsPerSecond)], throughput, ThroughputColour);
        frame.DrawSeries([.. points.Select(point => point.LatencyP99Us)], latency, LatencyColour, "6 4");
        frame.DrawLegend([("throughput", ThroughputColour, null), ("p99 latency", LatencyColour, "6 4")]);
        return svg.ToString();
    }

    private static void DrawKnee(SvgDocument svg, ChartFrame frame, IReadOnlyList<BenchtestResult> points, BenchtestResult knee)
    {
        var x = frame.LevelX(points.ToList().IndexOf(knee), points.Count);
        svg.Line(x, frame.Top, x, frame.Bottom, "#777", 1, "3 3");
        var label = $"knee: {knee.Tasks} (≥ {SweepResult.KneeShareOfBest * 100:0}% of best)";
        var onRightHalf = x > (ChartFrame.Left + frame.Right) / 2;
        svg.Text(onRightHalf ? x - 6 : x + 6, frame.Bottom - 8, label, anchor: onRightHalf ? "end" : "start", size: 11, fill: "#555");
    }
}
