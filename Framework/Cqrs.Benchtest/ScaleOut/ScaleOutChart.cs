using System.Globalization;
using Cqrs.Benchtest.Sweep;

namespace Cqrs.Benchtest.ScaleOut;

/// <summary>
/// Draws a scale-out run as an SVG chart beside the sweep's: throughput (left axis) against consumer processes, with the
/// throughput that scaling in proportion from the first level would give, and CPU time per operation (right axis) of
/// the consumers together and of the broker: where throughput leaves the proportional line, the CPU lines say whose
/// time each operation took.
/// </summary>
internal static class ScaleOutChart
{
    private const int Width = 760;
    private const int Height = 460;
    private const double Left = 90;
    private const double Right = Width - 90;
    private const double Top = 80;
    private const double Bottom = Height - 60;
    private const string ThroughputColour = "#1f6fb4";
    private const string ProportionalColour = "#9a9a9a";
    private const string ConsumerCpuColour = "#d0402b";
    private const string BrokerCpuColour = "#e39a1c";

    /// <summary>The chart as an SVG document.</summary>
    /// <exception cref="ArgumentException">No point.</exception>
    public static string ToSvg(IReadOnlyList<ScaleOutPoint> points)
    {
        ArgumentNullException.ThrowIfNull(points);
        if (points.Count == 0)
        {
            throw new ArgumentException("A scale-out chart needs at least one level.", nameof(points));
        }

        var first = points[0];
        double Proportional(ScaleOutPoint point) => first.OpsPerSecond * point.Consumers / first.Consumers;
        var throughput = AxisScale.Linear(points.Max(point => Math.Max(point.OpsPerSecond, Proportional(point))));
        var cpu = AxisScale.Linear(points.Max(point => Math.Max(point.ConsumerCpuUsPerOp, point.BrokerCpuUsPerOp)));
        var svg = new SvgDocument(Width, Height);

        svg.Text(Width / 2.0, 26, "Competing consumers: throughput and CPU per operation against consumer processes", size: 16);
        svg.Text(Width / 2.0, 46, Conditions(first), size: 12, fill: "#555");
        DrawAxes(svg, throughput, cpu);
        for (var index = 0; index < points.Count; index++)
        {
            svg.Text(LevelX(index, points.Count), Bottom + 20, points[index].Consumers.ToString(CultureInfo.InvariantCulture));
        }

        DrawSeries(svg, points, point => ValueY(Proportional(point), throughput), ProportionalColour, "2 4");
        DrawSeries(svg, points, point => ValueY(point.OpsPerSecond, throughput), ThroughputColour, dashes: null);
        DrawSeries(svg, points, point => ValueY(point.ConsumerCpuUsPerOp, cpu), ConsumerCpuColour, "6 4");
        DrawSeries(svg, points, point => ValueY(point.BrokerCpuUsPerOp, cpu), BrokerCpuColour, "6 4");
        DrawLegend(svg);
        return svg.ToString();
    }

    private static string Conditions(ScaleOutPoint point) =>
        $"each consumer pinned to {point.CoresPerConsumer} of {point.MachineProcessors} processors; broker and sender unpinned; " +
        (point.BrokerNetworkDelayMs > 0 ? $"network delay {point.BrokerNetworkDelayMs.ToString("0.##", CultureInfo.InvariantCulture)} ms each way" : "bare loopback");

    private static void DrawAxes(SvgDocument svg, AxisScale throughput, AxisScale cpu)
    {
        foreach (var tick in throughput.Ticks())
        {
            var y = ValueY(tick, throughput);
            svg.Line(Left, y, Right, y, "#e4e4e4");
            svg.Text(Left - 8, y + 4, ChartLabels.Count(tick), anchor: "end", fill: ThroughputColour);
        }

        foreach (var tick in cpu.Ticks())
        {
            svg.Text(Right + 8, ValueY(tick, cpu) + 4, ChartLabels.Count(tick), anchor: "start", fill: ConsumerCpuColour);
        }

        svg.Line(Left, Top, Left, Bottom, ThroughputColour, 1.5);
        svg.Line(Right, Top, Right, Bottom, ConsumerCpuColour, 1.5);
        svg.Line(Left, Bottom, Right, Bottom, "#333", 1.5);
        svg.Text(24, (Top + Bottom) / 2, "throughput (ops/s)", rotation: -90, size: 13, fill: ThroughputColour);
        svg.Text(Width - 20, (Top + Bottom) / 2, "CPU time per operation (µs)", rotation: 90, size: 13, fill: ConsumerCpuColour);
        svg.Text((Left + Right) / 2, Height - 16, "consumer processes", size: 13);
    }

    private static void DrawSeries(SvgDocument svg, IReadOnlyList<ScaleOutPoint> points, Func<ScaleOutPoint, double> y, string colour, string? dashes) =>
        svg.Series([.. points.Select((point, index) => (LevelX(index, points.Count), y(point)))], colour, dashes);

    private static void DrawLegend(SvgDocument svg)
    {
        (string Label, string Colour, string? Dashes)[] entries =
        [
            ("throughput", ThroughputColour, null),
            ("in proportion to the first", ProportionalColour, "2 4"),
            ("consumers' CPU/op", ConsumerCpuColour, "6 4"),
            ("broker's CPU/op", BrokerCpuColour, "6 4"),
        ];
        var x = Left;
        foreach (var (label, colour, dashes) in entries)
        {
            svg.Line(x, Top - 14, x + 24, Top - 14, colour, 2, dashes);
            svg.Text(x + 30, Top - 10, label, anchor: "start", fill: colour);
            x += 40 + (label.Length * 6.5);
        }
    }

    private static double LevelX(int index, int count) =>
        count == 1 ? (Left + Right) / 2 : Left + 20 + ((Right - Left - 40) * index / (count - 1));

    private static double ValueY(double value, AxisScale scale) => Bottom - ((Bottom - Top) * scale.Fraction(value));
}
