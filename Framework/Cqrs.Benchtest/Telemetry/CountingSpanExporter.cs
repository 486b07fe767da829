using System.Diagnostics;
using OpenTelemetry;

namespace Cqrs.Benchtest.Telemetry;

/// <summary>Stands in for a real trace exporter: receives every batch, keeps only the count.</summary>
internal sealed class CountingSpanExporter : BaseExporter<Activity>
{
    private long _exported;

    public long Exported => Interlocked.Read(ref _exported);

    public override ExportResult Export(in Batch<Activity> batch)
    {
        Interlocked.Add(ref _exported, batch.Count);
        return ExportResult.Success;
    }
}
