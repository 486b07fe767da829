using System.Net;
using System.Net.Sockets;
using System.Text;
using Cqrs.ServiceBus.LocalBroker.Entities;

namespace Cqrs.ServiceBus.LocalBroker.Administration;

/// <summary>
/// Serves <see cref="AdministrationApi"/> over plain HTTP (what the client speaks to a development emulator) on a second
/// port of the broker's address. <see cref="HttpListener"/> is in the shared framework: no web server to restore.
/// Requests are handled one after another; administration is rare and small.
/// </summary>
internal sealed class AdministrationListener(HttpListener listener, AdministrationApi api, IPEndPoint endPoint) : IDisposable
{
    /// <summary>Larger bodies are refused: an entity description is a few hundred bytes.</summary>
    private const int MaxBodyBytes = 64 * 1024;

    private Task serving = Task.CompletedTask;

    public IPEndPoint EndPoint => endPoint;

    /// <summary>Listens on a free port of <paramref name="address"/>; a port taken between finding and binding it is retried.</summary>
    public static AdministrationListener Start(EntityRegistry registry, IPAddress address)
    {
        for (var attempt = 1; ; attempt++)
        {
            var port = FreePort(address);
            var listener = new HttpListener();
            listener.Prefixes.Add(address.Equals(IPAddress.Any) ? $"http://+:{port}/" : $"http://{new IPEndPoint(address, port)}/"); // [::1]:port for IPv6
            try
            {
                listener.Start();
                var administration = new AdministrationListener(listener, new AdministrationApi(registry), new IPEndPoint(address, port));
                administration.serving = Task.Run(administration.ServeAsync);
                return administration;
            }
            catch (HttpListenerException) when (attempt < 20)
            {
                listener.Close();
            }
        }
    }

    public void Dispose()
    {
        listener.Close();
        serving.Wait(TimeSpan.FromSeconds(5));
    }

    private static int FreePort(IPAddress address)
    {
        using var probe = new Socket(address.AddressFamily, SocketType.Stream, ProtocolType.Tcp);
        probe.Bind(new IPEndPoint(address, 0));
        return ((IPEndPoint)probe.LocalEndPoint!).Port;
    }

    private async Task ServeAsync()
    {
        while (listener.IsListening)
        {
            HttpListenerContext context;
            try
            {
                context = await listener.GetContextAsync().ConfigureAwait(false);
            }
            catch (Exception exception) when (exception is HttpListenerException or ObjectDisposedException or InvalidOperationException)
            {
                return; // closed
            }

            try
            {
                await RespondAsync(context).ConfigureAwait(false);
            }
            catch (Exception exception) when (exception is HttpListenerException or IOException or ObjectDisposedException)
            {
                // The client went away mid-request: nothing to answer.
            }
        }
    }

    private async Task RespondAsync(HttpListenerContext context)
    {
        var request = context.Request;
        using var response = context.Response;
        AdministrationResponse answer;
        if (await ReadBodyAsync(request.InputStream).ConfigureAwait(false) is not { } body)
        {
            answer = new AdministrationResponse(413, AtomXml.Error(413, $"A request body is at most {MaxBodyBytes} bytes."));
        }
        else
        {
            try
            {
                answer = api.Handle(new AdministrationRequest(
                    request.HttpMethod,
                    new Uri(request.Url!.GetLeftPart(UriPartial.Authority) + request.RawUrl),
                    request.Headers["Authorization"],
                    request.Headers["If-Match"] is not null,
                    body));
            }
            catch (Exception exception) when (exception is not OutOfMemoryException)
            {
                // A fault of the broker's own: the client sees a server error with its message, the broker keeps serving.
                answer = new AdministrationResponse(500, AtomXml.Error(500, exception.Message));
            }
        }

        await WriteAsync(response, answer).ConfigureAwait(false);
    }

    /// <summary>The body as text, or <see langword="null"/> when it is longer than <see cref="MaxBodyBytes"/> (whatever Content-Length said).</summary>
    private static async Task<string?> ReadBodyAsync(Stream input)
    {
        var buffer = new byte[MaxBodyBytes + 1];
        var length = 0;
        int read;
        while (length < buffer.Length && (read = await input.ReadAsync(buffer.AsMemory(length)).ConfigureAwait(false)) > 0)
        {
            length += read;
        }

        return length > MaxBodyBytes ? null : Encoding.UTF8.GetString(buffer, 0, length);
    }

    private static async Task WriteAsync(HttpListenerResponse response, AdministrationResponse answer)
    {
        response.StatusCode = answer.Status;
        if (answer.Body is { } body)
        {
            var bytes = Encoding.UTF8.GetBytes(body.ToString(System.Xml.Linq.SaveOptions.DisableFormatting));
            response.ContentType = "application/atom+xml;type=entry;charset=utf-8";
            response.ContentLength64 = bytes.Length;
            await response.OutputStream.WriteAsync(bytes).ConfigureAwait(false);
        }
    }
}
