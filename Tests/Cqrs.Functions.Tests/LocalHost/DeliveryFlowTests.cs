using System.Diagnostics;
using System.Net;
using System.Text;
using System.Text.Json;
using Cqrs.Functions.Tests.Support;

namespace Cqrs.Functions.Tests.LocalHost;

/// <summary>
/// A drone delivery command over HTTP, through the local host and the real worker, handled through to both handlers
/// of its event, and its saga completed by the drop-off; once per transport mode: in-process in
/// <see cref="LocalHostTests"/>, Service Bus below.
/// </summary>
public abstract class DeliveryFlowTests(LocalHostFixture app)
{
    /// <summary>The app under test, for the subclasses' own tests.</summary>
    protected LocalHostFixture App => app;

    [Fact]
    public async Task Command_OverHttp_IsHandled_ThroughToBothEventHandlersOfTheRequest()
    {
        var deliveryId = $"flow-{Guid.NewGuid():N}";
        var traceId = ActivityTraceId.CreateRandom();
        using var request = new HttpRequestMessage(HttpMethod.Post, "api/commands/drones.v1.request-delivery")
        {
            Content = new StringContent($$"""{"deliveryId":"{{deliveryId}}","destination":"12 Quay Street","weightGrams":2500}""", Encoding.UTF8, "application/json"),
        };
        request.Headers.Add("traceparent", $"00-{traceId}-{ActivitySpanId.CreateRandom()}-01");
        var brokerSendsBefore = app.BrokerSends;

        using var response = await app.Client.SendAsync(request);

        Assert.True(response.StatusCode == HttpStatusCode.Accepted, await response.Content.ReadAsStringAsync() + app.WorkerOutput);
        using var accepted = JsonDocument.Parse(await response.Content.ReadAsStringAsync());
        Assert.NotEqual(Guid.Empty, accepted.RootElement.GetProperty("messageId").GetGuid());
        Assert.Equal(traceId, ActivityContext.Parse(response.Headers.GetValues("traceparent").Single(), null).TraceId);
        // Scheduling (then a drone) and packaging are the two handlers of DeliveryRequested.
        var status = await DeliveryBoard.WaitForAsync(app.Client, deliveryId, delivery => delivery.GetProperty("droneId").ValueKind == JsonValueKind.String
            && delivery.GetProperty("packageSize").ValueKind == JsonValueKind.String);
        Assert.Equal("heavy-02", status.GetProperty("droneId").GetString());
        Assert.Equal("medium", status.GetProperty("packageSize").GetString());
        // Over Service Bus, every message of the flow went through the broker: the command, four events, and the delivery
        // saga's deadline, scheduled there.
        Assert.Equal(brokerSendsBefore + 6, await app.WaitForBrokerSendsAsync(brokerSendsBefore + 6));
    }

    [Fact]
    public async Task DropOff_Confirmed_OverHttp_ShowsTheDeliveryCompletedByItsSaga()
    {
        var deliveryId = $"drop-off-{Guid.NewGuid():N}";
        await DeliveryBoard.SendAsync(app, "drones.v1.request-delivery", $$"""{"deliveryId":"{{deliveryId}}","destination":"3 Mill Lane","weightGrams":800}""");
        await DeliveryBoard.WaitForAsync(app.Client, deliveryId, DeliveryBoard.HasFlight);

        await DeliveryBoard.SendAsync(app, "drones.v1.confirm-drop-off", $$"""{"deliveryId":"{{deliveryId}}"}""");

        var status = await DeliveryBoard.WaitForAsync(app.Client, deliveryId, DeliveryBoard.HasOutcome);
        Assert.Equal("completed", status.GetProperty("outcome").GetString());
        Assert.True(status.GetProperty("dispatched").GetBoolean());
    }
}

/// <summary>The app in Service Bus mode: the flow over the local broker, and the benchmark function's broker costs.</summary>
public sealed class ServiceBusDeliveryFlowTests(ServiceBusLocalHostFixture app) : DeliveryFlowTests(app), IClassFixture<ServiceBusLocalHostFixture>
{
    [Fact]
    public async Task Benchmark_InServiceBusMode_CountsTheBrokerOperationsOfEachOperation_AndPricesThemIn()
    {
        using var response = await App.Client.PostAsync("api/benchmark?tasks=2&commands=100&warmup=0", content: null);

        Assert.True(response.StatusCode == HttpStatusCode.OK, await response.Content.ReadAsStringAsync() + App.WorkerOutput);
        using var result = JsonDocument.Parse(await response.Content.ReadAsStringAsync());
        var root = result.RootElement;
        Assert.Equal("servicebus", root.GetProperty("transport").GetString());
        Assert.Equal(0, root.GetProperty("lost").GetInt32());
        // The command and its event: each sent once, delivered once (one subscription) and completed once.
        Assert.Equal(2, root.GetProperty("brokerSendsPerOp").GetDouble());
        Assert.Equal(2, root.GetProperty("brokerReceivesPerOp").GetDouble());
        Assert.Equal(2, root.GetProperty("brokerSettlementsPerOp").GetDouble());
        var brokerOps = root.GetProperty("brokerOperationsPerOp").GetDouble();
        Assert.True(brokerOps >= 6, $"{brokerOps} broker operations per operation");
        Assert.Equal(ServiceBusLocalHostFixture.BrokerPricePerMillionOperationsUsd, root.GetProperty("brokerPricePerMillionOpsUsd").GetDouble());
        var brokerCost = root.GetProperty("brokerCostPerOpUsd").GetDouble();
        Assert.Equal(brokerOps * ServiceBusLocalHostFixture.BrokerPricePerMillionOperationsUsd / 1e6, brokerCost, 15);
        var planCost = root.GetProperty("planCostPerOpUsd").GetDouble();
        Assert.Equal(0.018 / (root.GetProperty("opsPerSecond").GetDouble() * 3600), planCost, 15);
        Assert.Equal(1 / (planCost + brokerCost), root.GetProperty("opsPerDollar").GetDouble(), 0.001);
    }
}
