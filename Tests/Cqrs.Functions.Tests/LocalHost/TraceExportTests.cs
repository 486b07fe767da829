using System.Diagnostics;
using System.Globalization;
using System.Net;
using System.Text;
using System.Text.Json;
using Cqrs.Functions.Tests.Support;

namespace Cqrs.Functions.Tests.LocalHost;

/// <summary>
/// The worker's telemetry as Application Insights receives it: through the real Azure Monitor exporter, from the
/// worker process, in Service Bus mode. One operation id from the HTTP call to the last event handler, across the broker;
/// and each benchmark run, recorded through Application Insights' TelemetryClient on the same exporter.
/// </summary>
public sealed class TraceExportTests(ServiceBusLocalHostFixture app) : IClassFixture<ServiceBusLocalHostFixture>
{
    [Fact]
    public async Task OneTrace_FromTheHttpRequest_ToTheLastEventHandler_ReachesApplicationInsights()
    {
        var traceId = ActivityTraceId.CreateRandom();
        using var request = new HttpRequestMessage(HttpMethod.Post, "api/commands/drones.v1.request-delivery")
        {
            Content = new StringContent($$"""{"deliveryId":"traced-{{traceId}}","destination":"12 Quay Street","weightGrams":2500}""", Encoding.UTF8, "application/json"),
        };
        request.Headers.Add("traceparent", $"00-{traceId}-{ActivitySpanId.CreateRandom()}-01");

        using var response = await app.Client.SendAsync(request);
        Assert.Equal(HttpStatusCode.Accepted, response.StatusCode);

        // The function's invocation, the command's send and process, four events published, eleven handler calls (four
        // of them the delivery saga's handlers) and the saga's four turns, each inside its handler's call.
        var spans = await WaitForSpansAsync(traceId.ToString(), spans => spans.Count >= 22);

        Assert.True(spans.Count == 22, string.Join("\n", spans));
        var byId = spans.ToDictionary(span => span.Id);
        var root = Assert.Single(spans, span => !byId.ContainsKey(span.ParentId ?? ""));
        // Its parent is the host's span of the HTTP call (in Azure the host's request item), itself the caller's child.
        Assert.Equal(("RemoteDependency", "function SendCommand"), (root.Type, root.Name));
        Assert.Equal(
            [("Request", "process drones.v1.request-delivery")],
            spans.Where(span => span.Type == "Request").Select(span => (span.Type, span.Name)));
        Assert.Equal(11, spans.Count(span => span.Name.StartsWith("handle ", StringComparison.Ordinal) && byId[span.ParentId!].Name.StartsWith("publish ", StringComparison.Ordinal)));
        Assert.Equal(4, spans.Count(span => span.Name == "saga drones.v1.delivery-saga" && byId[span.ParentId!].Name.StartsWith("handle ", StringComparison.Ordinal)));
        Assert.Equal(
            [
                "saga drones.v1.delivery-saga",
                "handle drones.v1.drone-assigned", "publish drones.v1.drone-assigned",
                "handle drones.v1.delivery-scheduled", "publish drones.v1.delivery-scheduled",
                "handle drones.v1.delivery-requested", "publish drones.v1.delivery-requested",
                "process drones.v1.request-delivery", "send drones.v1.request-delivery", "function SendCommand",
            ],
            PathToRoot(Assert.Single(spans, span => span.Name == "saga drones.v1.delivery-saga" && byId[span.ParentId!].Name == "handle drones.v1.drone-assigned"), byId));
    }

    [Fact]
    public async Task BenchmarkRun_ReachesApplicationInsights_AsACustomEventAndMetrics_ThroughTheAppsExporter()
    {
        // A plan other than the app's (B1Linux): the call's plan is the run's.
        using var response = await app.Client.PostAsync("api/benchmark?tasks=2&commands=50&warmup=0&plan=Consumption", content: null);

        Assert.True(response.StatusCode == HttpStatusCode.OK, await response.Content.ReadAsStringAsync() + app.WorkerOutput);
        using var run = JsonDocument.Parse(await response.Content.ReadAsStringAsync());
        var opsPerSecond = run.RootElement.GetProperty("opsPerSecond").GetDouble();
        var brokerCost = run.RootElement.GetProperty("brokerCostPerOpUsd").GetDouble();
        var metricNames = new[] { "cqrs.benchmark.ops_per_second", "cqrs.benchmark.ops_per_dollar", "cqrs.benchmark.broker_cost_per_op_usd" };
        var items = await WaitForItemsAsync(items => items.Any(IsRunEvent) && metricNames.All(name => items.Any(item => MetricName(item) == name)));

        var properties = BaseData(Assert.Single(items, IsRunEvent)).GetProperty("properties");
        Assert.Equal(("servicebus", "Consumption"), (properties.GetProperty("transport").GetString(), properties.GetProperty("plan").GetString()));
        Assert.Equal(opsPerSecond, double.Parse(properties.GetProperty("opsPerSecond").GetString()!, CultureInfo.InvariantCulture));
        Assert.Equal(brokerCost, double.Parse(properties.GetProperty("brokerCostPerOpUsd").GetString()!, CultureInfo.InvariantCulture));
        var throughput = BaseData(Assert.Single(items, item => MetricName(item) == metricNames[0]));
        Assert.Equal(opsPerSecond, throughput.GetProperty("metrics")[0].GetProperty("value").GetDouble());
        Assert.Equal(
            ("servicebus", "Consumption"),
            (throughput.GetProperty("properties").GetProperty("transport").GetString(), throughput.GetProperty("properties").GetProperty("plan").GetString()));
    }

    private static JsonElement BaseData(JsonElement envelope) => envelope.GetProperty("data").GetProperty("baseData");

    private static bool IsRunEvent(JsonElement envelope) =>
        envelope.GetProperty("name").GetString() == "Event" && BaseData(envelope).GetProperty("name").GetString() == "CqrsBenchmarkRun";

    private static string? MetricName(JsonElement envelope) =>
        envelope.GetProperty("name").GetString() == "Metric" ? BaseData(envelope).GetProperty("metrics")[0].GetProperty("name").GetString() : null;

    /// <summary>The items received so far, once <paramref name="done"/> says what the test waits for is there.</summary>
    private async Task<IReadOnlyList<JsonElement>> WaitForItemsAsync(Func<IReadOnlyList<JsonElement>, bool> done)
    {
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(60));
        while (true)
        {
            var items = app.Ingestion.Items;
            if (done(items) || timeout.IsCancellationRequested)
            {
                return items;
            }

            // The run is flushed before the call answers; an exporter still posts on its own schedule, so look again.
            await Task.Delay(TimeSpan.FromMilliseconds(50), CancellationToken.None);
        }
    }

    private static IEnumerable<string> PathToRoot(ExportedSpan span, Dictionary<string, ExportedSpan> byId)
    {
        for (ExportedSpan? current = span; current is not null; current = byId.GetValueOrDefault(current.ParentId ?? ""))
        {
            yield return current.Name;
        }
    }

    /// <summary>The spans of the operation exported so far, once <paramref name="done"/> says they are all there.</summary>
    private async Task<List<ExportedSpan>> WaitForSpansAsync(string operationId, Func<List<ExportedSpan>, bool> done)
    {
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(60));
        while (true)
        {
            var spans = app.Ingestion.Items.Select(ExportedSpan.From).OfType<ExportedSpan>().Where(span => span.OperationId == operationId).ToList();
            if (done(spans) || timeout.IsCancellationRequested)
            {
                return spans;
            }

            // The exporter posts its batches on its own schedule; what has arrived is all there is to look at.
            await Task.Delay(TimeSpan.FromMilliseconds(50), CancellationToken.None);
        }
    }
}
