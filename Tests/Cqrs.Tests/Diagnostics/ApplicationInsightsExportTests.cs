using System.Text.Json;
using Azure.Monitor.OpenTelemetry.Exporter;
using Cqrs.Testing.Domain.Faults;
using Cqrs.Testing.Domain.Orders;
using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Support;
using Microsoft.Extensions.DependencyInjection;
using OpenTelemetry;
using OpenTelemetry.Metrics;
using OpenTelemetry.Trace;

namespace Cqrs.Tests.Diagnostics;

/// <summary>
/// The spans as Application Insights receives them: through the Azure Monitor exporter, over HTTP,
/// to an ingestion endpoint on 127.0.0.1. A command's process span is a request; sends, publishes and event
/// handlers are dependencies; one operation id from the send to the last handler. The metrics arrive with their tags.
/// </summary>
[Collection(nameof(ProcessWideCollection))]
public sealed class ApplicationInsightsExportTests
{
    [Fact]
    public async Task CommandAndItsEvent_ExportedToApplicationInsights_ArriveAsOneRequestAndDependenciesInOneOperation()
    {
        var correlationId = Guid.NewGuid();

        var items = await ExportAsync(() => TracingTests.SubmitOrderAndWaitAsync(TestHost.Create(), correlationId));

        var operation = items.Where(item => item.Property("messaging.message.conversation_id") == correlationId.ToString()).ToList();
        var send = Assert.Single(operation, item => item.Name == "send tests.v1.submit-order");
        var process = Assert.Single(operation, item => item.Name == "process tests.v1.submit-order");
        var publish = Assert.Single(operation, item => item.Name == "publish tests.v1.order-submitted");
        var handles = operation.Where(item => item.Name == "handle tests.v1.order-submitted").ToList();
        Assert.Equal(5, operation.Count);
        Assert.Equal(2, handles.Count);
        Assert.Equal(("RemoteDependency", null), (send.Type, send.ParentId));
        Assert.Equal(("Request", send.Id, true), (process.Type, process.ParentId, process.Success));
        Assert.Equal(("RemoteDependency", process.Id), (publish.Type, publish.ParentId));
        Assert.All(handles, handle => Assert.Equal(("RemoteDependency", publish.Id, true), (handle.Type, handle.ParentId, handle.Success)));
        Assert.Matches("^[0-9a-f]{32}$", send.OperationId);
        Assert.All(operation, item => Assert.Equal(send.OperationId, item.OperationId));
    }

    [Fact]
    public async Task FailingCommandHandler_ExportedToApplicationInsights_ArrivesAsFailedRequestsWithAnExceptionPerAttempt()
    {
        var command = new FlakyCommand(Guid.NewGuid(), int.MaxValue);
        var attempts = 0;

        var items = await ExportAsync(async () =>
        {
            var provider = TestHost.Create();
            var recorder = provider.GetRequiredService<Recorder>();
            await using (provider)
            {
                await provider.GetRequiredService<ICommandBus>().SendAsync(command);
                await recorder.WaitForAsync<FlakyCommandHandler>(4);
            }

            attempts = recorder.Of<FlakyCommandHandler>().Count;
        });

        var send = Assert.Single(items, item => item.Name == "send tests.v1.flaky-command");
        var requests = items.Where(item => item.Type == "Request" && item.OperationId == send.OperationId).ToList();
        var exceptions = items.Where(item => item.Type == "Exception" && item.OperationId == send.OperationId).ToList();
        Assert.NotEmpty(requests);
        Assert.All(requests, request => Assert.Equal(("process tests.v1.flaky-command", send.Id, false), (request.Name, request.ParentId, request.Success)));
        Assert.Equal(attempts, exceptions.Count);
        Assert.All(exceptions, exception => Assert.Equal(typeof(InjectedFailureException).FullName, exception.ExceptionType));
        Assert.Equal(requests.Select(request => request.Id).Order(), exceptions.Select(exception => exception.ParentId).Distinct().Order());
    }

    [Fact]
    public async Task Metrics_ExportedToApplicationInsights_ArriveWithTheirMessageTypeAndHandler()
    {
        using var ingestion = new LocalIngestionEndpoint();
        using (var metrics = Sdk.CreateMeterProviderBuilder()
            .AddMeter(CqrsDiagnostics.MeterName)
            .AddAzureMonitorMetricExporter(options => Send(options, ingestion))
            .Build())
        {
            await TracingTests.SubmitOrderAndWaitAsync(TestHost.Create(), Guid.NewGuid());
            Assert.True(metrics.ForceFlush());
        }

        var received = ingestion.Items.Select(MetricItem.From).OfType<MetricItem>().ToList();
        double Total(string metric, string messageType, string? handler = null) => received
            .Where(item => item.Name == metric && item.Property(CqrsDiagnostics.MessageTypeTag) == messageType)
            .Where(item => handler is null || item.Property(CqrsDiagnostics.HandlerTag) == handler)
            .Sum(item => item.Count ?? item.Value);
        Assert.Equal(1, Total(CqrsDiagnostics.MessagesSent, "tests.v1.submit-order"));
        Assert.Equal(1, Total(CqrsDiagnostics.MessagesSent, "tests.v1.order-submitted"));
        Assert.Equal(1, Total(CqrsDiagnostics.MessagesHandled, "tests.v1.submit-order", typeof(SubmitOrderHandler).FullName));
        Assert.Equal(1, Total(CqrsDiagnostics.MessagesHandled, "tests.v1.order-submitted", typeof(NotifyCustomer).FullName));
        Assert.Equal(1, Total(CqrsDiagnostics.MessagesHandled, "tests.v1.order-submitted", typeof(ReserveInventory).FullName));
        Assert.Equal(3, Total(CqrsDiagnostics.HandlerDuration, "tests.v1.submit-order") + Total(CqrsDiagnostics.HandlerDuration, "tests.v1.order-submitted"));
        Assert.Equal(1, Total(CqrsDiagnostics.MessageLag, "tests.v1.submit-order"));
        Assert.Equal(1, Total(CqrsDiagnostics.MessageLag, "tests.v1.order-submitted"));
    }

    /// <summary>Runs <paramref name="work"/> with every trace sampled and exported to Application Insights; the items received.</summary>
    private static async Task<List<TelemetryItem>> ExportAsync(Func<Task> work)
    {
        using var ingestion = new LocalIngestionEndpoint();
        using (var tracing = Sdk.CreateTracerProviderBuilder()
            .AddSource(CqrsDiagnostics.ActivitySourceName)
            .AddAzureMonitorTraceExporter(options =>
            {
                Send(options, ingestion);
                // Since 1.6 the exporter samples 5 traces a second unless told otherwise.
                options.TracesPerSecond = null;
                options.SamplingRatio = 1;
            })
            .Build())
        {
            await work();
            Assert.True(tracing.ForceFlush());
        }

        return [.. ingestion.Items.Select(TelemetryItem.From).OfType<TelemetryItem>()];
    }

    private static void Send(AzureMonitorExporterOptions options, LocalIngestionEndpoint ingestion)
    {
        options.ConnectionString = ingestion.ConnectionString;
        options.DisableOfflineStorage = true;
    }

    /// <summary>One metric of a <c>Metric</c> item: a counter's sum, or a histogram's count and sum.</summary>
    private sealed record MetricItem(string Name, double Value, double? Count, JsonElement Properties)
    {
        /// <summary>The item's metric, or null when it is not a metric.</summary>
        public static MetricItem? From(JsonElement envelope)
        {
            if (envelope.GetProperty("name").GetString() != "Metric")
            {
                return null;
            }

            var data = envelope.GetProperty("data").GetProperty("baseData");
            var metric = data.GetProperty("metrics")[0];
            return new MetricItem(
                metric.GetProperty("name").GetString()!,
                metric.GetProperty("value").GetDouble(),
                metric.TryGetProperty("count", out var count) ? count.GetDouble() : null,
                data.TryGetProperty("properties", out var properties) ? properties : default);
        }

        public string? Property(string name) =>
            Properties.ValueKind == JsonValueKind.Object && Properties.TryGetProperty(name, out var value) ? value.GetString() : null;
    }

    /// <summary>A request, dependency or exception item of Application Insights' ingestion schema.</summary>
    private sealed record TelemetryItem(string Type, string? Name, string? Id, string OperationId, string? ParentId, bool? Success, string? ExceptionType, JsonElement Data)
    {
        /// <summary>The item, or null when it is not a span's (a metric).</summary>
        public static TelemetryItem? From(JsonElement envelope)
        {
            var type = envelope.GetProperty("name").GetString()!;
            if (type is not ("Request" or "RemoteDependency" or "Exception"))
            {
                return null;
            }

            var tags = envelope.GetProperty("tags");
            var data = envelope.GetProperty("data").GetProperty("baseData");
            return new TelemetryItem(
                type,
                Text(data, "name"),
                Text(data, "id"),
                tags.GetProperty("ai.operation.id").GetString()!,
                Text(tags, "ai.operation.parentId"),
                data.TryGetProperty("success", out var success) ? success.GetBoolean() : null,
                data.TryGetProperty("exceptions", out var exceptions) ? Text(exceptions[0], "typeName") : null,
                data);
        }

        /// <summary>One of the item's custom properties (the span's tags).</summary>
        public string? Property(string name) =>
            Data.TryGetProperty("properties", out var properties) ? Text(properties, name) : null;

        private static string? Text(JsonElement element, string name) =>
            element.TryGetProperty(name, out var value) ? value.GetString() : null;
    }
}
