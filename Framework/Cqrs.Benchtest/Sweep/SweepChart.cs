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
    private const int Width = 760;
    private const int Height = 440;
    private const double Left = 90;
    private const double Right = Width - 90;
    private const double Top = 60;
    private const double Bottom = Height - 60;
    private const string ThroughputColour = "#1f6fb4";
    private const string LatencyColour = "#d0402b";

    /// <summary>The chart as an SVG document.</summary>
    public static string ToSvg(SweepResult sweep)
    {
        ArgumentNullException.ThrowIfNull(sweep);
        var points = sweep.Points;
        var throughput = AxisScale.Linear(points.Max(point => point.OpsPerSecond));
        var latency = AxisScale.Decades(points.Min(point => point.LatencyP99Us), points.Max(point => point.LatencyP99Us));
        var svg = new SvgDocument(Width, Height);

        svg.Text(Width / 2.0, 28, "Benchtest sweep: throughput and p99 latency against concurrency", size: 16);
        DrawAxes(svg, throughput, latency);
        DrawLevels(svg, points);
        DrawKnee(svg, points, sweep.Knee);
        DrawSeries(svg, points, point => ValueY(point.OpsPerSecond, throughput), ThroughputColour, dashes: null);
        DrawSeries(svg, points, point => ValueY(point.LatencyP99Us, latency), LatencyColour, dashes: "6 4");
        DrawLegend(svg);
        return svg.ToString();
    }

    private static void DrawAxes(SvgDocument svg, AxisScale throughput, AxisScale latency)
    {
        foreach (var tick in throughput.Ticks())
        {
            var y = ValueY(tick, throughput);
            svg.Line(Left, y, Right, y, "#e4e4e4");
            svg.Text(Left - 8, y + 4, ChartLabels.Count(tick), anchor: "end", fill: ThroughputColour);
        }

        foreach (var tick in latency.Ticks())
        {
            svg.Text(Right + 8, ValueY(tick, latency) + 4, ChartLabels.Count(tick), anchor: "start", fill: LatencyColour);
        }

        svg.Line(Left, Top, Left, Bottom, ThroughputColour, 1.5);
        svg.Line(Right, Top, Right, Bottom, LatencyColour, 1.5);
        svg.Line(Left, Bottom, Right, Bottom, "#333", 1.5);
        svg.Text(24, (Top + Bottom) / 2, "throughput (ops/s)", rotation: -90, size: 13, fill: ThroughputColour);
        svg.Text(Width - 20, (Top + Bottom) / 2, "p99 latency (µs, log scale)", rotation: 90, size: 13, fill: LatencyColour);
        svg.Text((Left + Right) / 2, Height - 16, "concurrency (operations in flight = tasks)", size: 13);
    }

    private static void DrawLevels(SvgDocument svg, IReadOnlyList<BenchtestResult> points)
    {
        for (var index = 0; index < points.Count; index++)
        {
            svg.Text(LevelX(index, points.Count), Bottom + 20, points[index].Tasks.ToString(CultureInfo.InvariantCulture));
        }
    }

    private static void DrawKnee(SvgDocument svg, IReadOnlyList<BenchtestResult> points, BenchtestResult knee)
    {
        var x = LevelX(points.ToList().IndexOf(knee), points.Count);
        svg.Line(x, Top, x, Bottom, "#777", 1, "3 3");
        var label = $"knee: {knee.Tasks} (≥ {SweepResult.KneeShareOfBest * 100:0}% of best)";
        var onRightHalf = x > (Left + Right) / 2;
        svg.Text(onRightHalf ? x - 6 : x + 6, Bottom - 8, label, anchor: onRightHalf ? "end" : "start", size: 11, fill: "#555");
    }

    private static void DrawSeries(
        SvgDocument svg, IReadOnlyList<BenchtestResult> points, Func<BenchtestResult, double> y, string colour, string? dashes)
    {
        svg.Series([.. points.Select((point, index) => (LevelX(index, points.Count), y(point)))], colour, dashes);
    }

    private static void DrawLegend(SvgDocument svg)
    {
        svg.Line(Left + 16, Top - 14, Left + 44, Top - 14, ThroughputColour, 2);
        svg.Text(Left + 50, Top - 10, "throughput", anchor: "start", fill: ThroughputColour);
        svg.Line(Left + 150, Top - 14, Left + 178, Top - 14, LatencyColour, 2, "6 4");
        svg.Text(Left + 184, Top - 10, "p99 latency", anchor: "start", fill: LatencyColour);
    }

    private static double LevelX(int index, int count) =>
        count == 1 ? (Left + Right) / 2 : Left + 20 + ((Right - Left - 40) * index / (count - 1));

    private static double ValueY(double value, AxisScale scale) => Bottom - ((Bottom - Top) * scale.Fraction(value));
}
