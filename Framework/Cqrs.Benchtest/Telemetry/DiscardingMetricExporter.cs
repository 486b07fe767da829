using OpenTelemetry;
using OpenTelemetry.Metrics;

namespace Cqrs.Benchtest.Telemetry;

/// <summary>Stands in for a real metric exporter and drops every batch: what is measured is the SDK's collection, not a backend.</summary>
internal sealed class DiscardingMetricExporter : BaseExporter<Metric>
{
    public override ExportResult Export(in Batch<Metric> batch) => ExportResult.Success;
}
