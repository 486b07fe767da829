using Cqrs.Tests.Support;
using OpenTelemetry;
using OpenTelemetry.Metrics;

namespace Cqrs.Tests.Diagnostics;

/// <summary>The histograms as the OpenTelemetry SDK aggregates them: in buckets fine enough for their values in seconds.</summary>
[Collection(nameof(ProcessWideCollection))]
public sealed class HistogramBucketsTests
{
    [Theory]
    [InlineData(CqrsDiagnostics.HandlerDuration)]
    [InlineData(CqrsDiagnostics.MessageLag)]
    public async Task Histogram_InSeconds_HasBucketsBelowAMillisecondAndPastAMinute(string histogram)
    {
        var exported = new List<Metric>();
        using (var metrics = Sdk.CreateMeterProviderBuilder().AddMeter(CqrsDiagnostics.MeterName).AddInMemoryExporter(exported).Build())
        {
            await TracingTests.SubmitOrderAndWaitAsync(TestHost.Create(), Guid.NewGuid());
            Assert.True(metrics.ForceFlush());
        }

        var points = exported.Where(metric => metric.Name == histogram).SelectMany(Points).ToList();
        Assert.NotEmpty(points);
        Assert.All(points, point =>
        {
            double[] bounds = [.. Bounds(point)];
            Assert.InRange(bounds[0], double.Epsilon, 0.001);
            Assert.Contains(bounds, bound => bound >= 60 && !double.IsPositiveInfinity(bound));
        });
    }

    private static IEnumerable<MetricPoint> Points(Metric metric)
    {
        foreach (ref readonly var point in metric.GetMetricPoints())
        {
            yield return point;
        }
    }

    private static IEnumerable<double> Bounds(MetricPoint point)
    {
        foreach (var bucket in point.GetHistogramBuckets())
        {
            yield return bucket.ExplicitBound;
        }
    }
}
