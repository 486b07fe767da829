using System.Buffers;
using System.Diagnostics;
using System.Net;
using System.Net.Http.Headers;
using System.Text;
using System.Text.Json;
using Cqrs.Functions.Tests.Support;
using Cqrs.Generated;
using Cqrs.Serialization;
using MessagePack;

namespace Cqrs.Functions.Tests.Ingestion;

/// <summary>HTTP command ingestion through a real Kestrel server and the in-process transport.</summary>
public sealed class CommandIngestionTests(IngestionServer server) : IClassFixture<IngestionServer>
{
    private const string Route = "/api/commands/tests.v1.ship-parcel";

    [Fact]
    public async Task Json_ValidCommand_Accepted202_HandledWithItsMessageId_InTheCallersTrace()
    {
        var traceId = ActivityTraceId.CreateRandom();
        using var request = new HttpRequestMessage(HttpMethod.Post, Route) { Content = Json("""{"parcelId":"json-1","weightGrams":1200}""") };
        request.Headers.Add("traceparent", $"00-{traceId}-{ActivitySpanId.CreateRandom()}-01");

        using var response = await server.Client.SendAsync(request);

        Assert.Equal(HttpStatusCode.Accepted, response.StatusCode);
        using var body = JsonDocument.Parse(await response.Content.ReadAsStringAsync());
        var messageId = body.RootElement.GetProperty("messageId").GetGuid();
        Assert.NotEqual(Guid.Empty, body.RootElement.GetProperty("correlationId").GetGuid());
        Assert.Equal(traceId.ToString(), ActivityContext.Parse(response.Headers.GetValues("traceparent").Single(), null).TraceId.ToString());
        var handled = await server.Shipped.WaitAsync("json-1");
        Assert.Equal(new ShipParcel("json-1", 1200), handled.Command);
        Assert.Equal(messageId, handled.MessageId);
    }

    [Fact]
    public async Task MessagePack_ValidCommand_Accepted202_AndHandled()
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new MessagePackWriter(buffer);
        Cqrs_Functions_Tests_Support_ShipParcelCodec.Instance.Serialize(ref writer, new ShipParcel("msgpack-1", 800));
        writer.Flush();
        using var content = new ByteArrayContent(buffer.WrittenMemory.ToArray());
        content.Headers.ContentType = new MediaTypeHeaderValue("application/x-msgpack");

        using var response = await server.Client.PostAsync(Route, content);

        Assert.Equal(HttpStatusCode.Accepted, response.StatusCode);
        Assert.Equal(800, (await server.Shipped.WaitAsync("msgpack-1")).Command.WeightGrams);
    }

    [Fact]
    public async Task InvalidCommand_400_ListsEveryValidationError()
    {
        using var response = await server.Client.PostAsync(Route, Json("""{"parcelId":"","weightGrams":0}"""));

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
        using var problem = JsonDocument.Parse(await response.Content.ReadAsStringAsync());
        var errors = problem.RootElement.GetProperty("errors");
        Assert.Equal(["ParcelId", "WeightGrams"], errors.EnumerateObject().Select(error => error.Name).Order());
    }

    [Theory]
    [InlineData("""{"parcelId":"x","weightGrams":""")]
    [InlineData("""{"parcelId":"x","weightGrams":"heavy"}""")]
    [InlineData("""{"weightGrams":10}""")]
    [InlineData("null")]
    public async Task MalformedBody_400(string body)
    {
        using var response = await server.Client.PostAsync(Route, Json(body));

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Equal("Malformed body", await ProblemTitle(response));
    }

    [Fact]
    public async Task TypeNamedInThePayload_IsIgnored_TheWireNamesCommandIsBound()
    {
        using var response = await server.Client.PostAsync(
            Route, Json("""{"$type":"System.IO.FileInfo, System.Private.CoreLib","parcelId":"typed-1","weightGrams":10}"""));

        Assert.Equal(HttpStatusCode.Accepted, response.StatusCode);
        Assert.Equal(new ShipParcel("typed-1", 10), (await server.Shipped.WaitAsync("typed-1")).Command);
    }

    [Theory]
    [InlineData(new byte[] { 0x92, 0xa1 })]
    [InlineData(new byte[] { 0x92, 0xc0, 0x0a })]
    [InlineData(new byte[] { 0x90 })]
    [InlineData(new byte[] { 0x92, 0xa1, 0x70, 0x0a, 0xc0 })]
    public async Task MalformedMessagePack_400_SaysWhatWasExpected_NamingNoDotNetType(byte[] body)
    {
        using var content = new ByteArrayContent(body);
        content.Headers.ContentType = new MediaTypeHeaderValue("application/x-msgpack");

        using var response = await server.Client.PostAsync(Route, content);

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        var problem = await Problem.ReadAsync(response);
        Assert.StartsWith("Expected ", problem.At("$"), StringComparison.Ordinal);
        Assert.DoesNotContain("System.", problem.Text, StringComparison.Ordinal);
        Assert.DoesNotContain("ShipParcel", problem.Text, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("tests.v1.no-such-command")]
    [InlineData("tests.v1.parcel-shipped")]
    public async Task WireNameOfNoCommand_404(string wireName)
    {
        using var response = await server.Client.PostAsync($"/api/commands/{wireName}", Json("""{"parcelId":"x","weightGrams":10}"""));

        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
        Assert.Equal("Unknown command", await ProblemTitle(response));
    }

    [Fact]
    public async Task UnsupportedMediaType_415()
    {
        using var response = await server.Client.PostAsync(Route, new StringContent("parcelId=x", Encoding.UTF8, "application/x-www-form-urlencoded"));

        Assert.Equal(HttpStatusCode.UnsupportedMediaType, response.StatusCode);
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task BodyPastTheLimit_413_WithOrWithoutADeclaredLength(bool declared)
    {
        var json = $$"""{"parcelId":"{{new string('p', IngestionServer.MaxBodyBytes)}}","weightGrams":10}""";
        using HttpContent content = declared ? Json(json) : new StreamContent(new UnseekableStream(Encoding.UTF8.GetBytes(json)));
        content.Headers.ContentType = new MediaTypeHeaderValue("application/json");

        using var response = await server.Client.PostAsync(Route, content);

        Assert.Equal(HttpStatusCode.RequestEntityTooLarge, response.StatusCode);
    }

    private static StringContent Json(string json) => new(json, Encoding.UTF8, "application/json");

    private static async Task<string?> ProblemTitle(HttpResponseMessage response)
    {
        using var problem = JsonDocument.Parse(await response.Content.ReadAsStringAsync());
        return problem.RootElement.GetProperty("title").GetString();
    }
}
