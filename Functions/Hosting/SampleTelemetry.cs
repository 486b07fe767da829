using Azure.Monitor.OpenTelemetry.Exporter;
using Cqrs;
using Microsoft.Azure.Functions.Worker.OpenTelemetry;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using OpenTelemetry;
using OpenTelemetry.Trace;

namespace Sample.Functions.Hosting;

/// <summary>
/// The framework's spans and metrics, exported from the worker to Application Insights. The worker's own invocation
/// span continues the host's trace, so the HTTP request, the command's process span and each handler's span share
/// one operation id, across Service Bus too (the transport carries the trace context).
/// </summary>
internal static class SampleTelemetry
{
    public const string ConnectionStringKey = "APPLICATIONINSIGHTS_CONNECTION_STRING";

    /// <summary>Share of traces kept when nothing upstream decided (a benchmark's sends, a timer); a caller's decision is kept.</summary>
    public const string TraceSamplingKey = "Telemetry:TraceSampling";

    public static IServiceCollection AddSampleTelemetry(this IServiceCollection services, IConfiguration configuration)
    {
        var sampling = configuration.GetValue(TraceSamplingKey, 0.01);
        var telemetry = services.AddOpenTelemetry()
            .UseFunctionsWorkerDefaults()
            .WithTracing(tracing => tracing.AddSource(CqrsDiagnostics.ActivitySourceName))
            .WithMetrics(metrics => metrics.AddMeter(CqrsDiagnostics.MeterName));
        if (configuration[ConnectionStringKey] is { Length: > 0 } connectionString)
        {
            telemetry
                .WithTracing(tracing => tracing.AddAzureMonitorTraceExporter(options =>
                {
                    options.ConnectionString = connectionString;
                    // The exporter's own rate limit would drop spans of traces this app keeps: the sampler below decides.
                    options.TracesPerSecond = null;
                    options.SamplingRatio = 1F;
                }))
                .WithMetrics(metrics => metrics.AddAzureMonitorMetricExporter(options => options.ConnectionString = connectionString))
                .WithLogging(logging => logging.AddAzureMonitorLogExporter(options => options.ConnectionString = connectionString));
        }

        // Set last, so that it wins over a sampler an exporter sets.
        telemetry.WithTracing(tracing => tracing.SetSampler(new ParentBasedSampler(new TraceIdRatioBasedSampler(sampling))));
        return services;
    }
}
