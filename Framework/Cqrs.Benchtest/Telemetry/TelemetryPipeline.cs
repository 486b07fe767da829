using OpenTelemetry;
using OpenTelemetry.Metrics;
using OpenTelemetry.Trace;

namespace Cqrs.Benchtest.Telemetry;

/// <summary>
/// "Telemetry on" as the benchtest means it: the framework's traces sampled at a ratio (parent-based, so a
/// flow is kept or dropped whole) and exported in batches, and its metrics read periodically and exported.
/// The exporters send nothing (spans are only counted): the figure is the framework's and the SDK's cost,
/// not a network's.
/// </summary>
internal sealed class TelemetryPipeline : IDisposable
{
    private const int MetricExportIntervalMilliseconds = 1000;

    /// <summary>
    /// How long a flush waits at most for open spans to end: only a hung handler keeps one open that long, while a
    /// machine busy with other work may well keep the last spans of a phase open for a second.
    /// </summary>
    private static readonly TimeSpan OpenSpansTimeout = TimeSpan.FromSeconds(15);

    private readonly OpenSpanCounter _openSpans = new();
    private readonly CountingSpanExporter _spans = new();
    private readonly TracerProvider _tracerProvider;
    private readonly MeterProvider _meterProvider;

    /// <summary>A pipeline that samples <paramref name="traceSampling"/> of the traces and exports spans in batches.</summary>
    /// <param name="traceSampling">The share of root traces recorded, from 0 to 1.</param>
    /// <param name="spanExportQueue">Spans the export queue holds before it drops them.</param>
    /// <param name="spanExportBatch">Spans exported in one batch.</param>
    public TelemetryPipeline(double traceSampling, int spanExportQueue, int spanExportBatch)
    {
        _tracerProvider = Sdk.CreateTracerProviderBuilder()
            .AddSource(CqrsDiagnostics.ActivitySourceName)
            .SetSampler(new ParentBasedSampler(new TraceIdRatioBasedSampler(traceSampling)))
            .AddProcessor(_openSpans)
            .AddProcessor(new BatchActivityExportProcessor(
                _spans, maxQueueSize: spanExportQueue, maxExportBatchSize: spanExportBatch))
            .Build();
        _meterProvider = Sdk.CreateMeterProviderBuilder()
            .AddMeter(CqrsDiagnostics.MeterName)
            .AddReader(new PeriodicExportingMetricReader(new DiscardingMetricExporter(), MetricExportIntervalMilliseconds))
            .Build();
    }

    public long SpansExported => _spans.Exported;

    /// <summary>Waits for open spans to end, then exports whatever is batched, so the counts are up to date.</summary>
    public void Flush()
    {
        SpinWait.SpinUntil(() => _openSpans.Open == 0, OpenSpansTimeout);
        _tracerProvider.ForceFlush();
        _meterProvider.ForceFlush();
    }

    public void Dispose()
    {
        _tracerProvider.Dispose();
        _meterProvider.Dispose();
    }
}
