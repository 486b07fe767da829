using System.Diagnostics;
using System.Net;
using System.Text;
using System.Text.Json;
using Cqrs.Functions.Tests.Support;

namespace Cqrs.Functions.Tests.LocalHost;

/// <summary>The Functions app end to end: its real worker process, over the worker protocol, through the local host.</summary>
public sealed class LocalHostTests(LocalHostFixture app) : IClassFixture<LocalHostFixture>
{
    private const string RequestDelivery = "api/commands/drones.v1.request-delivery";

    [Fact]
    public async Task Command_OverHttp_IsHandled_ThroughToBothEventHandlersOfTheRequest()
    {
        var traceId = ActivityTraceId.CreateRandom();
        using var request = new HttpRequestMessage(HttpMethod.Post, RequestDelivery)
        {
            Content = Json("""{"deliveryId":"local-1","destination":"12 Quay Street","weightGrams":2500}"""),
        };
        request.Headers.Add("traceparent", $"00-{traceId}-{ActivitySpanId.CreateRandom()}-01");

        using var response = await app.Client.SendAsync(request);

        Assert.True(response.StatusCode == HttpStatusCode.Accepted, await response.Content.ReadAsStringAsync() + app.WorkerOutput);
        using var accepted = JsonDocument.Parse(await response.Content.ReadAsStringAsync());
        Assert.NotEqual(Guid.Empty, accepted.RootElement.GetProperty("messageId").GetGuid());
        Assert.Equal(traceId, ActivityContext.Parse(response.Headers.GetValues("traceparent").Single(), null).TraceId);
        // Scheduling (then a drone) and packaging are the two handlers of DeliveryRequested.
        var status = await WaitForDeliveryAsync("local-1", delivery => delivery.GetProperty("droneId").ValueKind == JsonValueKind.String
            && delivery.GetProperty("packageSize").ValueKind == JsonValueKind.String);
        Assert.Equal("heavy-02", status.GetProperty("droneId").GetString());
        Assert.Equal("medium", status.GetProperty("packageSize").GetString());
    }

    [Fact]
    public async Task InvalidCommand_400_ListsEveryValidationError()
    {
        using var response = await app.Client.PostAsync(RequestDelivery, Json("""{"deliveryId":"","destination":"","weightGrams":9000}"""));

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        using var problem = JsonDocument.Parse(await response.Content.ReadAsStringAsync());
        Assert.Equal(
            ["DeliveryId", "Destination", "WeightGrams"],
            problem.RootElement.GetProperty("errors").EnumerateObject().Select(error => error.Name).Order());
    }

    [Theory]
    [InlineData("api/commands/drones.v1.request-delivery", "application/json", "{\"deliveryId\":", HttpStatusCode.BadRequest)]
    [InlineData("api/commands/drones.v1.no-such-command", "application/json", "{}", HttpStatusCode.NotFound)]
    [InlineData("api/commands/drones.v1.delivery-requested", "application/json", "{}", HttpStatusCode.NotFound)]
    [InlineData("api/commands/drones.v1.request-delivery", "text/plain", "deliver", HttpStatusCode.UnsupportedMediaType)]
    public async Task BadCall_GetsItsStatus(string route, string mediaType, string body, HttpStatusCode expected)
    {
        using var response = await app.Client.PostAsync(route, new StringContent(body, Encoding.UTF8, mediaType));

        Assert.Equal(expected, response.StatusCode);
    }

    [Fact]
    public async Task BodyPastTheLimit_413()
    {
        var destination = new string('x', LocalHostFixture.MaxBodyBytes);
        using var response = await app.Client.PostAsync(RequestDelivery, Json($$"""{"deliveryId":"big","destination":"{{destination}}","weightGrams":10}"""));

        Assert.Equal(HttpStatusCode.RequestEntityTooLarge, response.StatusCode);
    }

    [Fact]
    public async Task Benchmark_ReturnsTheBenchtestJson_PricedAtTheConfiguredPlan()
    {
        using var response = await app.Client.PostAsync("api/benchmark?tasks=2&commands=500&warmup=0", content: null);

        Assert.True(response.StatusCode == HttpStatusCode.OK, await response.Content.ReadAsStringAsync());
        using var result = JsonDocument.Parse(await response.Content.ReadAsStringAsync());
        var root = result.RootElement;
        Assert.Equal("inprocess", root.GetProperty("transport").GetString());
        Assert.Equal(1000, root.GetProperty("operations").GetInt32());
        Assert.Equal(0.018, root.GetProperty("pricePerHourUsd").GetDouble());
        Assert.True(root.GetProperty("opsPerSecond").GetDouble() > 0);
        Assert.Equal(root.GetProperty("opsPerSecond").GetDouble() * 3600 / 0.018, root.GetProperty("opsPerDollar").GetDouble(), 6);
    }

    [Fact]
    public async Task Benchmark_PastItsBounds_400()
    {
        using var response = await app.Client.PostAsync("api/benchmark?tasks=65", content: null);

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
    }

    private async Task<JsonElement> WaitForDeliveryAsync(string deliveryId, Func<JsonElement, bool> done)
    {
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(60));
        while (true)
        {
            using var response = await app.Client.GetAsync($"api/deliveries/{deliveryId}", timeout.Token);
            if (response.StatusCode == HttpStatusCode.OK)
            {
                var status = JsonElement.Parse(await response.Content.ReadAsStringAsync(timeout.Token));
                if (done(status))
                {
                    return status;
                }
            }

            // The handlers run after the 202; each poll is a real call through the host and the worker.
            await Task.Delay(TimeSpan.FromMilliseconds(20), timeout.Token);
        }
    }

    private static StringContent Json(string json) => new(json, Encoding.UTF8, "application/json");
}
