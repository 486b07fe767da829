using System.Net;
using System.Text;
using System.Text.Json;
using Cqrs.Functions.Tests.Support;

namespace Cqrs.Functions.Tests.Ingestion;

/// <summary>A 202 a caller can follow: the ids it was sent under, when to ask again, and where, when the app says.</summary>
public sealed class AcceptedResponseTests(IngestionServer server) : IClassFixture<IngestionServer>
{
    [Fact]
    public async Task FollowedCommand_202_HasItsIds_RetryAfter_AndItsLocation()
    {
        using var response = await server.Client.PostAsync(
            "/api/commands/tests.v1.ship-parcel", Json("""{"parcelId":"to follow/1","weightGrams":10}"""));

        Assert.Equal(HttpStatusCode.Accepted, response.StatusCode);
        Assert.Equal(TimeSpan.FromSeconds(3), response.Headers.RetryAfter?.Delta);
        Assert.Equal("/parcels/to%20follow%2F1", response.Headers.Location?.OriginalString);
        using var body = JsonDocument.Parse(await response.Content.ReadAsStringAsync());
        var handled = await server.Shipped.WaitAsync("to follow/1");
        Assert.Equal(handled.MessageId, body.RootElement.GetProperty("messageId").GetGuid());
        Assert.NotEqual(Guid.Empty, body.RootElement.GetProperty("correlationId").GetGuid());
    }

    [Fact]
    public async Task CommandNotFollowed_202_HasRetryAfter_AndNoLocation()
    {
        using var response = await server.Client.PostAsync(
            "/api/commands/tests.v1.plan-route", Json("""{"routeId":"r-1","stops":[{"city":"Oslo","minutes":5}]}"""));

        Assert.Equal(HttpStatusCode.Accepted, response.StatusCode);
        Assert.Equal(TimeSpan.FromSeconds(3), response.Headers.RetryAfter?.Delta);
        Assert.Null(response.Headers.Location);
    }

    private static StringContent Json(string json) => new(json, Encoding.UTF8, "application/json");
}
