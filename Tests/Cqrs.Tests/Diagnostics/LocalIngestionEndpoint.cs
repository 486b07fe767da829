using System.IO.Compression;
using System.Net;
using System.Net.Sockets;
using System.Text.Json;

namespace Cqrs.Tests.Diagnostics;

/// <summary>
/// Application Insights' ingestion endpoint on 127.0.0.1: accepts every telemetry item the Azure Monitor exporter
/// posts to <c>v2.1/track</c> (newline-delimited JSON, gzipped or not) and keeps it for the test to read.
/// </summary>
internal sealed class LocalIngestionEndpoint : IDisposable
{
    private readonly HttpListener _listener = new();
    private readonly List<JsonElement> _items = [];
    private readonly Task _serving;

    public LocalIngestionEndpoint()
    {
        var url = $"http://127.0.0.1:{FreePort()}/";
        _listener.Prefixes.Add(url);
        _listener.Start();
        _serving = ServeAsync();
        ConnectionString = $"InstrumentationKey={Guid.Empty};IngestionEndpoint={url}";
    }

    /// <summary>A connection string that sends everything here.</summary>
    public string ConnectionString { get; }

    /// <summary>Every telemetry item received so far.</summary>
    public IReadOnlyList<JsonElement> Items
    {
        get
        {
            lock (_items)
            {
                return [.. _items];
            }
        }
    }

    public void Dispose()
    {
        _listener.Close();
        _serving.GetAwaiter().GetResult();
    }

    private async Task ServeAsync()
    {
        while (_listener.IsListening)
        {
            HttpListenerContext context;
            try
            {
                context = await _listener.GetContextAsync();
            }
            catch (Exception exception) when (exception is HttpListenerException or ObjectDisposedException)
            {
                return;
            }

            try
            {
                var received = await ReceiveAsync(context.Request);
                await RespondAsync(context.Response, received);
            }
            catch (Exception exception) when (exception is HttpListenerException or IOException or ObjectDisposedException)
            {
                // The connection went away mid-request: an exporter in a worker being stopped, or this endpoint closing.
                // Nothing it carried was kept; later requests are still served.
            }
        }
    }

    private async Task<int> ReceiveAsync(HttpListenerRequest request)
    {
        var body = request.Headers["Content-Encoding"] == "gzip"
            ? new GZipStream(request.InputStream, CompressionMode.Decompress)
            : request.InputStream;
        using var reader = new StreamReader(body);
        var lines = (await reader.ReadToEndAsync()).Split('\n', StringSplitOptions.RemoveEmptyEntries);
        lock (_items)
        {
            _items.AddRange(lines.Select(line => JsonDocument.Parse(line).RootElement.Clone()));
        }

        return lines.Length;
    }

    private static async Task RespondAsync(HttpListenerResponse response, int received)
    {
        var accepted = JsonSerializer.SerializeToUtf8Bytes(new { itemsReceived = received, itemsAccepted = received, errors = Array.Empty<object>() });
        response.ContentType = "application/json";
        await response.OutputStream.WriteAsync(accepted);
        response.Close();
    }

    private static int FreePort()
    {
        using var probe = new TcpListener(IPAddress.Loopback, 0);
        probe.Start();
        return ((IPEndPoint)probe.LocalEndpoint).Port;
    }
}
