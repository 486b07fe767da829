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
        double[] proportional = [.. points.Select(point => first.OpsPerSecond * point.Consumers / first.Consumers)];
        var throughput = AxisScale.Linear(Math.Max(points.Max(point => point.OpsPerSecond), proportional.Max()));
        var cpu = AxisScale.Linear(points.Max(point => Math.Max(point.ConsumerCpuUsPerOp, point.BrokerCpuUsPerOp)));
        var svg = new SvgDocument(760, 460);
        var frame = new ChartFrame(svg, top: 80);

        svg.Text(svg.Width / 2.0, 26, "Competing consumers: throughput and CPU per operation against consumer processes", size: 16);
        svg.Text(svg.Width / 2.0, 46, Conditions(first), size: 12, fill: "#555");
        frame.DrawAxes(
            new(throughput, "throughput (ops/s)", ThroughputColour),
            new(cpu, "CPU time per operation (µs)", ConsumerCpuColour),
            "consumer processes");
        frame.DrawLevels([.. points.Select(point => point.Consumers.ToString(CultureInfo.InvariantCulture))]);
        frame.DrawSeries(proportional, throughput, ProportionalColour, "2 4");
        frame.DrawSeries([.. points.Select(point => point.OpsPerSecond)], throughput, ThroughputColour);
        frame.DrawSeries([.. points.Select(point => point.ConsumerCpuUsPerOp)], cpu, ConsumerCpuColour, "6 4");
        frame.DrawSeries([.. points.Select(point => point.BrokerCpuUsPerOp)], cpu, BrokerCpuColour, "6 4");
        frame.DrawLegend([
            ("throughput", ThroughputColour, null),
            ("in proportion to the first", ProportionalColour, "2 4"),
            ("consumers' CPU/op", ConsumerCpuColour, "6 4"),
            ("broker's CPU/op", BrokerCpuColour, "6 4"),
        ]);
        return svg.ToString();
    }

    private static string Conditions(ScaleOutPoint point) =>
        $"each consumer pinned to {point.CoresPerConsumer} of {point.MachineProcessors} processors; broker and sender unpinned; " +
        (point.BrokerNetworkDelayMs > 0 ? $"network delay {point.BrokerNetworkDelayMs.ToString("0.##", CultureInfo.InvariantCulture)} ms each way" : "bare loopback");
}
