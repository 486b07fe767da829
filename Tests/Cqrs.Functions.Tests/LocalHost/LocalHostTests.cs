using System.Net;
using System.Text;
using System.Text.Json;
using System.Text.RegularExpressions;
using Cqrs.Functions.Tests.Support;

namespace Cqrs.Functions.Tests.LocalHost;

/// <summary>
/// The Functions app end to end, in-process mode: its real worker process, over the worker protocol, through the local
/// host. The delivery flow's test comes from <see cref="DeliveryFlowTests"/>.
/// </summary>
public sealed class LocalHostTests(LocalHostFixture app) : DeliveryFlowTests(app), IClassFixture<LocalHostFixture>
{
    private const string RequestDelivery = "api/commands/drones.v1.request-delivery";

    [Fact]
    public async Task InvalidCommand_400_ListsEveryValidationError()
    {
        using var response = await App.Client.PostAsync(RequestDelivery, Json("""{"deliveryId":"","destination":"","weightGrams":9000}"""));

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
        using var response = await App.Client.PostAsync(route, new StringContent(body, Encoding.UTF8, mediaType));

        Assert.Equal(expected, response.StatusCode);
    }

    [Theory]
    [InlineData(null)]
    [InlineData("wrong-key")]
    public async Task CallWithoutTheFunctionKey_401(string? key)
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, RequestDelivery)
        {
            Content = Json("""{"deliveryId":"no-key","destination":"12 Quay Street","weightGrams":10}"""),
        };
        if (key is not null)
        {
            request.Headers.Add("x-functions-key", key);
        }

        using var withoutKey = new HttpClient { BaseAddress = App.Client.BaseAddress };
        using var response = await withoutKey.SendAsync(request);

        Assert.Equal(HttpStatusCode.Unauthorized, response.StatusCode);
    }

    [Fact]
    public async Task KeyInTheCodeQueryParameter_IsAccepted()
    {
        using var withoutHeader = new HttpClient { BaseAddress = App.Client.BaseAddress };
        using var response = await withoutHeader.PostAsync(
            $"{RequestDelivery}?code={LocalHostFixture.FunctionKey}",
            Json("""{"deliveryId":"by-code","destination":"12 Quay Street","weightGrams":10}"""));

        Assert.Equal(HttpStatusCode.Accepted, response.StatusCode);
    }

    [Fact]
    public async Task BodyPastTheLimit_413()
    {
        var destination = new string('x', LocalHostFixture.MaxBodyBytes);
        using var response = await App.Client.PostAsync(RequestDelivery, Json($$"""{"deliveryId":"big","destination":"{{destination}}","weightGrams":10}"""));

        Assert.Equal(HttpStatusCode.RequestEntityTooLarge, response.StatusCode);
    }

    [Fact]
    public async Task Benchmark_ReturnsTheBenchtestJson_PricedAtTheConfiguredPlan()
    {
        using var response = await App.Client.PostAsync("api/benchmark?tasks=2&commands=500&warmup=0", content: null);

        Assert.True(response.StatusCode == HttpStatusCode.OK, await response.Content.ReadAsStringAsync());
        using var result = JsonDocument.Parse(await response.Content.ReadAsStringAsync());
        var root = result.RootElement;
        Assert.Equal("inprocess", root.GetProperty("transport").GetString());
        Assert.Equal(1000, root.GetProperty("operations").GetInt32());
        Assert.Equal(0.018, root.GetProperty("pricePerHourUsd").GetDouble());
        Assert.True(root.GetProperty("opsPerSecond").GetDouble() > 0);
        Assert.Equal(root.GetProperty("opsPerSecond").GetDouble() * 3600 / 0.018, root.GetProperty("opsPerDollar").GetDouble(), 6);
        Assert.Equal(JsonValueKind.Null, root.GetProperty("brokerOperationsPerOp").ValueKind);

        // The app cannot relaunch itself pinned: it reports the processors its plan gave it, as they are.
        Assert.Equal(("none", Environment.ProcessorCount), (root.GetProperty("pinning").GetString(), root.GetProperty("cores").GetInt32()));
    }

    [Fact]
    public async Task Benchmark_WithTargetRates_SizesEachFromTheRunsCpuTime_InTheResponse()
    {
        using var response = await App.Client.PostAsync("api/benchmark?tasks=2&commands=200&warmup=0&targetRates=100,10000", content: null);

        Assert.True(response.StatusCode == HttpStatusCode.OK, await response.Content.ReadAsStringAsync());
        using var result = JsonDocument.Parse(await response.Content.ReadAsStringAsync());
        var root = result.RootElement;
        var sizing = root.GetProperty("sizing").EnumerateArray().ToArray();
        Assert.Equal([100.0, 10_000.0], sizing.Select(estimate => estimate.GetProperty("targetOpsPerSecond").GetDouble()));
        Assert.All(sizing, estimate =>
        {
            Assert.Equal(root.GetProperty("cpuUsPerOp").GetDouble(), estimate.GetProperty("cpuUsPerOp").GetDouble());
            // In-process: no broker counted its operations, so they are estimated from the command and its event.
            Assert.False(estimate.GetProperty("brokerOperationsMeasured").GetBoolean());
            Assert.Equal(["B1", "S1", "P1v3"], estimate.GetProperty("plans").EnumerateArray().Select(plan => plan.GetProperty("plan").GetString()));
            Assert.Contains(estimate.GetProperty("serviceBus").GetProperty("cheaperTier").GetString(), new[] { "standard", "premium" });
        });
    }

    [Fact]
    public async Task Benchmark_ATargetRateNotAPositiveNumber_400()
    {
        using var response = await App.Client.PostAsync("api/benchmark?targetRates=100,0", content: null);

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Contains("targetRates", await response.Content.ReadAsStringAsync(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Benchmark_PastItsBounds_400()
    {
        using var response = await App.Client.PostAsync("api/benchmark?tasks=65", content: null);

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
    }

    [Fact]
    public async Task Call_IsLogged_WithMethodRouteStatusDurationAndInvocationId_WithoutItsKey()
    {
        var route = $"api/commands/drones.v1.unknown-{Guid.NewGuid():N}";
        using var withoutHeader = new HttpClient { BaseAddress = App.Client.BaseAddress };

        using var response = await withoutHeader.PostAsync($"{route}?code={LocalHostFixture.FunctionKey}", Json("{}"));

        // Answered by the worker (no such command), so the call had an invocation.
        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
        var line = Assert.Single(App.OutputLines, line => line.StartsWith("[host] ", StringComparison.Ordinal) && line.Contains(route, StringComparison.Ordinal));
        Assert.Matches($@"^\[host\] POST /{Regex.Escape(route)} 404 \d+ ms invocation [0-9a-f]{{8}}-[0-9a-f]{{4}}-[0-9a-f]{{4}}-[0-9a-f]{{4}}-[0-9a-f]{{12}}$", line);
        Assert.DoesNotContain(LocalHostFixture.FunctionKey, line, StringComparison.Ordinal);
    }

    [Fact]
    public async Task CallTheHostAnswers_IsLogged_WithoutAnInvocation()
    {
        using var withoutKey = new HttpClient { BaseAddress = App.Client.BaseAddress };

        using var response = await withoutKey.PostAsync("api/commands/drones.v1.request-delivery", Json("{}"));

        Assert.Equal(HttpStatusCode.Unauthorized, response.StatusCode);
        Assert.Contains(App.OutputLines, line => Regex.IsMatch(line, @"^\[host\] POST /api/commands/drones\.v1\.request-delivery 401 \d+ ms invocation -$"));
    }

    [Fact]
    public async Task WorkerLogs_ReachTheHostsOutput_MarkedAsTheWorkers()
    {
        var route = $"api/deliveries/logged-{Guid.NewGuid():N}";

        using var response = await App.Client.GetAsync(route);

        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
        // The worker's logs travel over the worker protocol on their own schedule: wait for the request's last one.
        var finished = $"[worker] Information Microsoft.AspNetCore.Hosting.Diagnostics: Request finished HTTP/1.1 GET ";
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(30));
        while (!App.OutputLines.Any(line => line.StartsWith(finished, StringComparison.Ordinal) && line.Contains(route, StringComparison.Ordinal))
            && !timeout.IsCancellationRequested)
        {
            await Task.Delay(TimeSpan.FromMilliseconds(20), CancellationToken.None);
        }

        Assert.Contains(App.OutputLines, line => line.StartsWith(finished, StringComparison.Ordinal) && line.Contains(route, StringComparison.Ordinal));
    }

    private static StringContent Json(string json) => new(json, Encoding.UTF8, "application/json");
}
