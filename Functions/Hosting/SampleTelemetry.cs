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
            // Application Insights 3.x on this same OpenTelemetry pipeline: the Azure Monitor exporter for spans, metrics
            // and logs, and a TelemetryClient whose events and metrics travel through them (the benchmark records each
            // run with it).
            services.AddApplicationInsightsTelemetryWorkerService(options =>
            {
                options.ConnectionString = connectionString;
                // The exporter's own rate limit would drop spans of traces this app keeps: the sampler below decides.
                options.SamplingRatio = 1F;
                // Live Metrics would keep each instance polling a service of its own; the exported metrics are the app's figures.
                options.EnableQuickPulseMetricStream = false;
            });
        }

        // Set last, so that it wins over the sampler the exporter sets.
        telemetry.WithTracing(tracing => tracing.SetSampler(new ParentBasedSampler(new TraceIdRatioBasedSampler(sampling))));
        return services;
    }
}
