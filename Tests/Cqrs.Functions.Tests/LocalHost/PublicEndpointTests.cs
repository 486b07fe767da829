using System.Net;
using System.Reflection;
using System.Text;
using Cqrs.Functions.Tests.Support;

namespace Cqrs.Functions.Tests.LocalHost;

/// <summary>
/// The sample app's front door as an outside caller meets it, through the local host and the real worker: only the
/// commands its domain declares public are found, a 202 says where to follow a delivery, and every function asks for
/// its key.
/// </summary>
public sealed class PublicEndpointTests(LocalHostFixture app) : IClassFixture<LocalHostFixture>
{
    /// <summary>The commands the sample's domain declares [PublicCommand], as its documentation lists them.</summary>
    private static readonly string[] PublicCommands =
    [
        "drones.v1.confirm-drop-off",
        "drones.v1.request-delivery",
        "sample.v1.deposit",
        "sample.v1.open-account",
        "sample.v1.withdraw",
    ];

    [Fact]
    public async Task EveryRegisteredWireName_Posted_OnlyThePublicCommandsAreFound()
    {
        // Every message the sample registers: commands, events, and saga and aggregate states.
        var wireNames = typeof(Sample.Domain.Deliveries.RequestDelivery).Assembly.GetTypes()
            .Select(type => type.GetCustomAttribute<WireNameAttribute>()?.Name)
            .OfType<string>()
            .Order(StringComparer.Ordinal)
            .ToList();
        Assert.Contains("drones.v1.delivery-deadline", wireNames);

        var found = new List<string>();
        foreach (var wireName in wireNames)
        {
            using var response = await app.Client.PostAsync($"api/commands/{wireName}", new StringContent("{}", Encoding.UTF8, "application/json"));
            if (response.StatusCode != HttpStatusCode.NotFound)
            {
                // A public command's empty body lacks its members: a 400, nothing sent.
                Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
                found.Add(wireName);
            }
        }

        Assert.Equal(PublicCommands, found);
    }

    [Fact]
    public async Task RequestedDelivery_202_LocatesItsStatus_WhichShowsItOnceHandled()
    {
        var deliveryId = $"followed-{Guid.NewGuid():N}";

        using var response = await app.Client.PostAsync(
            "api/commands/drones.v1.request-delivery",
            new StringContent($$"""{"deliveryId":"{{deliveryId}}","destination":"12 Quay Street","weightGrams":1200}""", Encoding.UTF8, "application/json"));

        Assert.Equal(HttpStatusCode.Accepted, response.StatusCode);
        Assert.Equal($"/api/deliveries/{deliveryId}", response.Headers.Location?.OriginalString);
        Assert.NotNull(response.Headers.RetryAfter?.Delta);
        await DeliveryBoard.WaitForAsync(app.Client, deliveryId, status => status.GetProperty("requested").GetBoolean());
    }

    [Theory]
    [InlineData("POST", "api/commands/drones.v1.request-delivery", null)]
    [InlineData("POST", "api/commands/drones.v1.request-delivery", "wrong-key")]
    [InlineData("POST", "api/commands/drones.v1.delivery-deadline", null)]
    [InlineData("GET", "api/deliveries/d-1", null)]
    [InlineData("GET", "api/deliveries/d-1", "wrong-key")]
    [InlineData("POST", "api/benchmark?tasks=1&commands=1", null)]
    [InlineData("POST", "api/benchmark?tasks=1&commands=1", "wrong-key")]
    public async Task CallWithoutTheRightFunctionKey_401_OnEveryRoute(string method, string route, string? key)
    {
        var deliveryId = $"unkeyed-{Guid.NewGuid():N}";
        using var request = new HttpRequestMessage(new HttpMethod(method), route)
        {
            Content = method == "POST"
                ? new StringContent($$"""{"deliveryId":"{{deliveryId}}","destination":"12 Quay Street","weightGrams":10}""", Encoding.UTF8, "application/json")
                : null,
        };
        if (key is not null)
        {
            request.Headers.Add("x-functions-key", key);
        }

        using var withoutKey = new HttpClient { BaseAddress = app.Client.BaseAddress };
        using var response = await withoutKey.SendAsync(request);

        Assert.Equal(HttpStatusCode.Unauthorized, response.StatusCode);
    }
}
