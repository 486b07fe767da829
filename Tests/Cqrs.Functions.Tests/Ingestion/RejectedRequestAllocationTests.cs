using System.Text;
using Cqrs.Functions.Tests.Support;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Xunit.Abstractions;

namespace Cqrs.Functions.Tests.Ingestion;

/// <summary>
/// What ingestion allocates to turn a hostile request away, measured on the calling thread (the bodies are in memory,
/// so each call completes on it): bounded by the body limit, never growing with what the caller sends.
/// </summary>
public sealed class RejectedRequestAllocationTests(IngestionServer server, ITestOutputHelper output) : IClassFixture<IngestionServer>
{
    private const int Requests = 200;

    /// <summary>Far below a body's size past the limit: what a rejection costs beyond the pooled body buffer.</summary>
    private const long MaxBytesPerRejection = 8 * 1024;

    public static TheoryData<string, string?, byte[], bool> HostileRequests() => new()
    {
        { "past the limit, declared", "application/json", new byte[IngestionServer.MaxBodyBytes * 1000], true },
        { "past the limit, chunked", "application/json", new byte[IngestionServer.MaxBodyBytes * 1000], false },
        { "deep nesting", "application/json", Encoding.ASCII.GetBytes("""{"x":""" + new string('[', 501)), true },
        { "a huge number", "application/json", Encoding.ASCII.GetBytes("""{"parcelId":"p","weightGrams":""" + new string('9', 900) + "}"), true },
        { "invalid UTF-8", "application/json", [.. "{\"parcelId\":\"p"u8, 0xFF, .. "\",\"weightGrams\":1}"u8], true },
        { "every member wrong", "application/json", Encoding.ASCII.GetBytes("""{"parcelId":1,"weightGrams":"1"}"""), true },
        { "no content type", null, Encoding.ASCII.GetBytes("""{"parcelId":"p","weightGrams":1}"""), true },
        { "MessagePack garbage", "application/x-msgpack", [0x92, 0xa1], true },
    };

    [Theory]
    [MemberData(nameof(HostileRequests))]
    public void RejectedRequest_AllocatesABoundedAmount_NothingSent(string what, string? contentType, byte[] body, bool declared)
    {
        var ingestion = server.Services.GetRequiredService<CommandIngestion>();
        var before = server.Bus.Sent;
        Reject(ingestion, Request(contentType, body, declared));
        var requests = Enumerable.Range(0, Requests).Select(_ => Request(contentType, body, declared)).ToArray();

        var allocated = GC.GetAllocatedBytesForCurrentThread();
        foreach (var request in requests)
        {
            Reject(ingestion, request);
        }

        var perRequest = (GC.GetAllocatedBytesForCurrentThread() - allocated) / Requests;
        output.WriteLine($"{what}: {perRequest} bytes allocated per rejected request ({body.Length}-byte body)");
        Assert.True(perRequest <= MaxBytesPerRejection, $"{what}: {perRequest} bytes per rejected request");
        Assert.Equal(before, server.Bus.Sent);
    }

    /// <summary>A request made before the measurement, so that only ingestion's own allocations count.</summary>
    private static HttpRequest Request(string? contentType, byte[] body, bool declared)
    {
        var context = new DefaultHttpContext();
        context.Request.ContentType = contentType;
        context.Request.ContentLength = declared ? body.Length : null;
        context.Request.Body = new MemoryStream(body, writable: false);
        return context.Request;
    }

    /// <summary>Ingests on this thread: an in-memory body completes every read at once.</summary>
    private static void Reject(CommandIngestion ingestion, HttpRequest request)
    {
        var result = ingestion.IngestAsync(request, "tests.v1.ship-parcel", CancellationToken.None);
        Assert.True(result.IsCompletedSuccessfully);
        Assert.True(((IStatusCodeHttpResult)result.Result).StatusCode >= 400);
    }
}
