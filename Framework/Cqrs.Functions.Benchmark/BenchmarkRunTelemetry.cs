using System.Globalization;
using Cqrs.Benchtest;
using Microsoft.ApplicationInsights;

namespace Cqrs.Functions.Benchmark;

/// <summary>
/// A finished run in Application Insights: a custom event with the run's figures, and metrics of the figures to chart
/// across runs, split by transport and plan. Recorded through the app's <see cref="TelemetryClient"/>, so they take
/// the app's own pipeline and exporter.
/// </summary>
internal static class BenchmarkRunTelemetry
{
    /// <summary>The custom event's name (<c>customEvents | where name == "CqrsBenchmarkRun"</c>).</summary>
    public const string EventName = "CqrsBenchmarkRun";

    public const string OpsPerSecond = "cqrs.benchmark.ops_per_second";

    public const string OpsPerDollar = "cqrs.benchmark.ops_per_dollar";

    /// <summary>Only for runs that counted their broker operations (a Service Bus run on a local broker).</summary>
    public const string BrokerCostPerOpUsd = "cqrs.benchmark.broker_cost_per_op_usd";

    private const string TransportDimension = "transport";

    private const string PlanDimension = "plan";

    /// <summary>Records <paramref name="result"/>, priced at <paramref name="plan"/>, and sends it on at once.</summary>
    /// <remarks>
    /// Sent before the call answers: a run is rare and is what its caller looks for next, and on a plan that freezes
    /// an idle worker, telemetry left to the exporter's next batch could wait until the worker is next called.
    /// </remarks>
    public static async Task RecordAsync(TelemetryClient telemetry, BenchtestResult result, string plan, CancellationToken cancellationToken)
    {
        telemetry.TrackEvent(EventName, new Dictionary<string, string>
        {
            [TransportDimension] = result.Transport,
            [PlanDimension] = plan,
            ["tasks"] = Text(result.Tasks),
            ["operations"] = Text(result.Operations),
            ["opsPerSecond"] = Text(result.OpsPerSecond),
            ["opsPerDollar"] = Text(result.OpsPerDollar),
            ["pricePerHourUsd"] = Text(result.PricePerHourUsd),
            ["planCostPerOpUsd"] = Text(result.PlanCostPerOpUsd),
            ["brokerCostPerOpUsd"] = result.BrokerCostPerOpUsd is { } brokerCost ? Text(brokerCost) : string.Empty,
            ["latencyP99Us"] = Text(result.LatencyP99Us),
            ["cores"] = Text(result.Cores),
        });
        Track(telemetry, OpsPerSecond, result.OpsPerSecond, result.Transport, plan);
        Track(telemetry, OpsPerDollar, result.OpsPerDollar, result.Transport, plan);
        if (result.BrokerCostPerOpUsd is { } cost)
        {
            Track(telemetry, BrokerCostPerOpUsd, cost, result.Transport, plan);
        }

        await telemetry.FlushAsync(cancellationToken).ConfigureAwait(false);
    }

    private static void Track(TelemetryClient telemetry, string metric, double value, string transport, string plan) =>
        telemetry.GetMetric(metric, TransportDimension, PlanDimension).TrackValue(value, transport, plan);

    private static string Text(double value) => value.ToString("R", CultureInfo.InvariantCulture);

    private static string Text(int value) => value.ToString(CultureInfo.InvariantCulture);
}
