using System.Net;
using System.Net.Sockets;
using System.Text;

namespace Cqrs.Functions.Tests.Support;

/// <summary>
/// One HTTP/1.1 request written byte by byte on a socket, for what HttpClient will not send: a body shorter than its
/// declared length, a body that stops half-way and waits.
/// </summary>
public sealed class RawHttpRequest : IAsyncDisposable
{
    private readonly TcpClient _client = new();
    private NetworkStream? _stream;

    public static async Task<RawHttpRequest> OpenAsync(Uri server)
    {
        var request = new RawHttpRequest();
        await request._client.ConnectAsync(server.Host, server.Port);
        request._stream = request._client.GetStream();
        return request;
    }

    /// <summary>Writes the request line and headers of a POST to <paramref name="path"/>, with <paramref name="headers"/> as given.</summary>
    public Task WriteHeadAsync(string path, params string[] headers) =>
        WriteAsync(Encoding.ASCII.GetBytes($"POST {path} HTTP/1.1\r\nHost: localhost\r\n{string.Concat(headers.Select(header => header + "\r\n"))}\r\n"));

    public async Task WriteAsync(byte[] bytes)
    {
        await _stream!.WriteAsync(bytes);
        await _stream.FlushAsync();
    }

    /// <summary>Reads the response's status code (the server may answer before the body is done).</summary>
    public async Task<HttpStatusCode> ReadStatusAsync()
    {
        var buffer = new byte[4096];
        var head = new StringBuilder();
        while (!head.ToString().Contains("\r\n", StringComparison.Ordinal))
        {
            var read = await _stream!.ReadAsync(buffer).AsTask().WaitAsync(TimeSpan.FromSeconds(60));
            if (read == 0)
            {
                throw new IOException($"The server closed the connection after: {head}");
            }

            head.Append(Encoding.ASCII.GetString(buffer, 0, read));
        }

        // "HTTP/1.1 413 Payload Too Large"
        return (HttpStatusCode)int.Parse(head.ToString().Split(' ')[1], System.Globalization.CultureInfo.InvariantCulture);
    }

    public ValueTask DisposeAsync()
    {
        _client.Dispose();
        return ValueTask.CompletedTask;
    }
}
