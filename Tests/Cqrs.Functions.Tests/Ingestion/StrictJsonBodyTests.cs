using System.Net;
using System.Text;
using Cqrs.Functions.Tests.Support;

namespace Cqrs.Functions.Tests.Ingestion;

/// <summary>
/// JSON bodies read as strictly as MessagePack ones: no numbers from strings, no repeated members, nothing after the
/// command; every problem named by its member path with what was expected, in one 400, and nothing sent.
/// </summary>
public sealed class StrictJsonBodyTests(IngestionServer server) : IClassFixture<IngestionServer>
{
    private const string ShipParcel = "/api/commands/tests.v1.ship-parcel";
    private const string PlanRoute = "/api/commands/tests.v1.plan-route";

    [Fact]
    public async Task NumberSentAsString_400_NamesTheMemberAndWhatWasExpected()
    {
        var problem = await RejectedAsync(ShipParcel, """{"parcelId":"p-1","weightGrams":"100"}""");

        Assert.Equal("Malformed body", problem.Title);
        Assert.Equal("Expected a whole number from -2147483648 to 2147483647; got a string.", problem.At("$.weightGrams"));
    }

    [Fact]
    public async Task RepeatedMember_400_NamesIt()
    {
        var problem = await RejectedAsync(ShipParcel, """{"parcelId":"p-1","weightGrams":10,"weightGrams":20}""");

        Assert.Equal("Expected each member once; it is sent more than once.", problem.At("$.weightGrams"));
    }

    [Fact]
    public async Task RepeatedMember_InAnotherCase_400_AsTheSerializerWouldBindBoth()
    {
        var problem = await RejectedAsync(ShipParcel, """{"parcelId":"p-1","weightGrams":10,"WeightGrams":20}""");

        Assert.Equal("Expected each member once; it is sent more than once.", problem.At("$.weightGrams"));
    }

    [Theory]
    [InlineData("""{"parcelId":"p-1","weightGrams":10} {}""")]
    [InlineData("""{"parcelId":"p-1","weightGrams":10}x""")]
    [InlineData("""{"parcelId":"p-1","weightGrams":10}]""")]
    public async Task ContentAfterTheCommand_400(string body)
    {
        var problem = await RejectedAsync(ShipParcel, body);

        Assert.StartsWith("Expected well-formed JSON:", problem.At("$"), StringComparison.Ordinal);
    }

    [Fact]
    public async Task EveryProblem_InOne400_ByMemberPath()
    {
        var problem = await RejectedAsync(
            PlanRoute,
            """{"routeId":null,"stops":[{"city":"Oslo","minutes":5},{"city":7,"minutes":"10"},{"minutes":1e3}],"departure":"soon"}""");

        Assert.Equal(
            new Dictionary<string, string>
            {
                ["$.routeId"] = "Expected a string; got null.",
                ["$.stops[1].city"] = "Expected a string; got a number.",
                ["$.stops[1].minutes"] = "Expected a whole number from -2147483648 to 2147483647; got a string.",
                ["$.stops[2].city"] = "Expected a string; the member is missing.",
                ["$.stops[2].minutes"] = "Expected a whole number from -2147483648 to 2147483647.",
                ["$.departure"] = "Expected an ISO 8601 date and time string or null.",
            },
            problem.Errors.ToDictionary(error => error.Key, error => Assert.Single(error.Value)));
    }

    [Theory]
    [InlineData("""{"parcelId":"p-1","weightGrams":10.5}""", "$.weightGrams", "Expected a whole number from -2147483648 to 2147483647.")]
    [InlineData("""{"parcelId":"p-1","weightGrams":99999999999999999999999999999999999999}""", "$.weightGrams", "Expected a whole number from -2147483648 to 2147483647.")]
    [InlineData("""{"parcelId":"p-1","weightGrams":true}""", "$.weightGrams", "Expected a whole number from -2147483648 to 2147483647; got true.")]
    [InlineData("""{"parcelId":["p-1"],"weightGrams":10}""", "$.parcelId", "Expected a string; got an array.")]
    [InlineData("""{"weightGrams":10}""", "$.parcelId", "Expected a string; the member is missing.")]
    [InlineData("""[]""", "$", "Expected an object; got an array.")]
    [InlineData("""null""", "$", "Expected an object; got null.")]
    [InlineData("", "$", "Expected an object; the body is empty.")]
    public async Task ValueOfAnotherForm_400_SaysWhatWasExpected_AtItsPath(string body, string path, string expected)
    {
        var problem = await RejectedAsync(ShipParcel, body);

        Assert.Equal(expected, problem.At(path));
    }

    [Fact]
    public async Task Problems_NeverNameADotNetType()
    {
        var problem = await RejectedAsync(
            PlanRoute, """{"routeId":1,"stops":{"city":"Oslo"},"departure":7,"routeId":"again"}""");

        foreach (var name in new[] { "System.", "Cqrs.", "Int32", "String", "DateTimeOffset", "RouteStop", "PlanRoute", "IReadOnlyList" })
        {
            Assert.DoesNotContain(name, problem.Text, StringComparison.Ordinal);
        }
    }

    [Fact]
    public async Task UnknownMembers_AreIgnored_AndTheCommandSent()
    {
        var before = server.Bus.Sent;

        using var response = await server.Client.PostAsync(
            ShipParcel, Json("""{"parcelId":"unknown-1","weightGrams":10,"note":{"deep":[1,"two",null]},"note":"twice is fine"}"""));

        Assert.Equal(HttpStatusCode.Accepted, response.StatusCode);
        Assert.Equal(before + 1, server.Bus.Sent);
    }

    private async Task<Problem> RejectedAsync(string route, string body)
    {
        var before = server.Bus.Sent;

        using var response = await server.Client.PostAsync(route, Json(body));

        var problem = await Problem.ReadAsync(response);
        Assert.True(response.StatusCode == HttpStatusCode.BadRequest, problem.Text);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
        Assert.Equal(before, server.Bus.Sent);
        return problem;
    }

    private static StringContent Json(string json) => new(json, Encoding.UTF8, "application/json");
}
