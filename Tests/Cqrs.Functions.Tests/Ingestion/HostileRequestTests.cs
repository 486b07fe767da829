using System.Net;
using System.Net.Http.Headers;
using System.Text;
using Cqrs.Functions.Tests.Support;

namespace Cqrs.Functions.Tests.Ingestion;

/// <summary>
/// What a hostile caller can send through Kestrel: each request gets its status, and nothing reaches the bus. The
/// server's limit is <see cref="IngestionServer.MaxBodyBytes"/>; its clock is fake, so a slow body times out when the
/// test says.
/// </summary>
public sealed class HostileRequestTests(IngestionServer server) : IClassFixture<IngestionServer>
{
    private const string Route = "/api/commands/tests.v1.ship-parcel";

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task BodyAtTheLimit_Accepted_DeclaredOrChunked(bool declared)
    {
        var before = server.Bus.Sent;

        using var response = await PostAsync(ParcelOfSize(IngestionServer.MaxBodyBytes, "at-limit-" + declared), declared);

        Assert.Equal(HttpStatusCode.Accepted, response.StatusCode);
        Assert.Equal(before + 1, server.Bus.Sent);
    }

    [Theory]
    [InlineData(true, 1)]
    [InlineData(false, 1)]
    [InlineData(false, 1_000_000)]
    public async Task BodyPastTheLimit_413_DeclaredOrChunked_NothingSent(bool declared, int bytesOver)
    {
        var before = server.Bus.Sent;

        using var response = await PostAsync(ParcelOfSize(IngestionServer.MaxBodyBytes + bytesOver, "past-limit"), declared);

        Assert.Equal(HttpStatusCode.RequestEntityTooLarge, response.StatusCode);
        Assert.Equal(before, server.Bus.Sent);
    }

    [Fact]
    public async Task DeclaredLengthPastTheLimit_413_BeforeAnyOfTheBody()
    {
        var before = server.Bus.Sent;
        await using var request = await RawHttpRequest.OpenAsync(server.BaseAddress);

        await request.WriteHeadAsync(Route, "Content-Type: application/json", "Content-Length: 1000000");

        Assert.Equal(HttpStatusCode.RequestEntityTooLarge, await request.ReadStatusAsync());
        Assert.Equal(before, server.Bus.Sent);
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task BodyThatStopsComing_408_AtTheBodyTimeout_NothingSent(bool declared)
    {
        var before = server.Bus.Sent;
        server.Time.ForgetTimers();
        await using var request = await RawHttpRequest.OpenAsync(server.BaseAddress);
        await request.WriteHeadAsync(Route, "Content-Type: application/json", declared ? "Content-Length: 40" : "Transfer-Encoding: chunked");
        await request.WriteAsync(Encoding.ASCII.GetBytes(declared ? """{"parcelId":""" : "c\r\n{\"parcelId\":\r\n"));

        await server.Time.WaitForTimerAsync();
        server.Time.Advance(IngestionServer.BodyTimeout);

        Assert.Equal(HttpStatusCode.RequestTimeout, await request.ReadStatusAsync());
        Assert.Equal(before, server.Bus.Sent);
    }

    public static TheoryData<string, byte[]> MalformedBodies() => new()
    {
        { "nesting past the MessagePack depth limit", Encoding.ASCII.GetBytes("""{"parcelId":"p","weightGrams":1,"x":""" + new string('[', 501)) },
        { "a number of a million digits' exponent", Encoding.ASCII.GetBytes("""{"parcelId":"p","weightGrams":1e999999}""") },
        { "a number of 900 digits", Encoding.ASCII.GetBytes("""{"parcelId":"p","weightGrams":""" + new string('9', 900) + "}") },
        { "invalid UTF-8 in a member", [.. "{\"parcelId\":\"p"u8, 0xFF, 0xFE, .. "\",\"weightGrams\":1}"u8] },
        { "invalid UTF-8 in a member name", [.. "{\"parcelId\":\"p\",\"weight"u8, 0xC3, .. "\":1,\"weightGrams\":1}"u8] },
        { "invalid UTF-8 in an unknown member", [.. "{\"parcelId\":\"p\",\"weightGrams\":1,\"note\":[\""u8, 0xED, 0xA0, 0x80, .. "\"]}"u8] },
        { "a UTF-16 body", Encoding.Unicode.GetBytes("""{"parcelId":"p","weightGrams":1}""") },
    };

    [Theory]
    [MemberData(nameof(MalformedBodies))]
    public async Task MalformedJson_400_NothingSent(string what, byte[] body)
    {
        var before = server.Bus.Sent;
        using var content = new ByteArrayContent(body);
        content.Headers.ContentType = new MediaTypeHeaderValue("application/json");

        using var response = await server.Client.PostAsync(Route, content);

        var problem = await Problem.ReadAsync(response);
        Assert.True(response.StatusCode == HttpStatusCode.BadRequest, $"{what}: {problem.Text}");
        Assert.NotEmpty(problem.Errors);
        Assert.Equal(before, server.Bus.Sent);
    }

    [Fact]
    public async Task NestingPastTheLimit_IsNamedAsSuch()
    {
        using var response = await server.Client.PostAsync(
            Route, new StringContent("""{"parcelId":"p","weightGrams":1,"x":""" + new string('[', 501), Encoding.UTF8, "application/json"));

        Assert.Contains("depth of 500", (await Problem.ReadAsync(response)).At("$"), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("text/plain")]
    [InlineData("application/xml")]
    [InlineData("application/x-www-form-urlencoded")]
    [InlineData("multipart/form-data; boundary=x")]
    [InlineData("application/jsonx")]
    [InlineData(null)]
    public async Task WrongOrMissingContentType_415_NothingSent(string? contentType)
    {
        var before = server.Bus.Sent;
        using var content = new ByteArrayContent("""{"parcelId":"typed","weightGrams":1}"""u8.ToArray());
        if (contentType is not null)
        {
            content.Headers.TryAddWithoutValidation("Content-Type", contentType);
        }

        using var response = await server.Client.PostAsync(Route, content);

        Assert.Equal(HttpStatusCode.UnsupportedMediaType, response.StatusCode);
        Assert.Equal(before, server.Bus.Sent);
    }

    /// <summary>A valid ship-parcel body of exactly <paramref name="bytes"/> bytes, its id padded out.</summary>
    private static byte[] ParcelOfSize(int bytes, string id)
    {
        var shell = $$"""{"parcelId":"{{id}}","weightGrams":10}""";
        return Encoding.UTF8.GetBytes(shell.Replace(id, id + new string('-', bytes - shell.Length), StringComparison.Ordinal));
    }

    private Task<HttpResponseMessage> PostAsync(byte[] body, bool declared)
    {
        HttpContent content = declared ? new ByteArrayContent(body) : new StreamContent(new UnseekableStream(body));
        content.Headers.ContentType = new MediaTypeHeaderValue("application/json");
        return server.Client.PostAsync(Route, content);
    }
}
