using System.Net;
using System.Net.Sockets;
using Cqrs.Functions.LocalHost.Http;
using Cqrs.Functions.LocalHost.Protocol;
using Cqrs.Functions.LocalHost.Worker;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Cqrs.Functions.LocalHost;

/// <summary>
/// A Functions host for machines without Core Tools: starts the app's real worker process, speaks the worker's gRPC
/// protocol to it, and serves its HTTP functions as <c>func start</c> does. Function keys are checked only when a key
/// is given (<c>func start</c> checks none).
/// </summary>
public sealed class LocalFunctionsHost : IAsyncDisposable
{
    private readonly WebApplication _web;
    private readonly WorkerProcess _worker;
    private readonly WorkerChannel _channel;
    private readonly HttpClient _toWorker;

    private LocalFunctionsHost(WebApplication web, WorkerProcess worker, WorkerChannel channel, HttpClient toWorker, Uri baseAddress, IReadOnlyList<string> routes)
    {
        _web = web;
        _worker = worker;
        _channel = channel;
        _toWorker = toWorker;
        BaseAddress = baseAddress;
        Routes = routes;
    }

    /// <summary>Where the functions are served: <c>http://localhost:7071/</c> unless another port was asked for.</summary>
    public Uri BaseAddress { get; }

    /// <summary>Each HTTP function's methods-free route, <c>api/…</c>.</summary>
    public IReadOnlyList<string> Routes { get; }

    /// <summary>The worker's process id.</summary>
    public int WorkerProcessId => _worker.Id;

    /// <summary>Starts the worker of the app built in <paramref name="applicationDirectory"/> and serves it once every function is loaded.</summary>
    /// <param name="httpPort">The port to serve on; 0 for any free one.</param>
    /// <param name="settings">The app's settings (a local.settings.json's Values), given to the worker as environment variables.</param>
    /// <param name="functionKey">The key every function but an anonymous one asks for (401 without it), or null for none.</param>
    /// <param name="output">
    /// Receives each line the worker prints (<c>[worker]</c>, <c>[worker stderr]</c>), each log it sends over the worker
    /// protocol (<c>[worker] &lt;level&gt; &lt;category&gt;:</c>) and a line per HTTP call (<c>[host] &lt;method&gt; &lt;path&gt;
    /// &lt;status&gt; &lt;n&gt; ms invocation &lt;id&gt;</c>, <c>-</c> for a call the host answered itself). Called from several
    /// threads at once.
    /// </param>
    /// <exception cref="WorkerFailedException">The worker failed to start or load its functions.</exception>
    public static async Task<LocalFunctionsHost> StartAsync(
        string applicationDirectory, int httpPort, IReadOnlyDictionary<string, string?> settings, string? functionKey, Action<string> output, CancellationToken cancellationToken)
    {
        applicationDirectory = Path.GetFullPath(applicationDirectory);
        var channel = new WorkerChannel(applicationDirectory, output);
        var grpcPort = FreePort();
        httpPort = httpPort == 0 ? FreePort() : httpPort;
        var builder = WebApplication.CreateSlimBuilder();
        builder.Logging.SetMinimumLevel(LogLevel.Warning);
        builder.WebHost.ConfigureKestrel(kestrel =>
        {
            kestrel.Listen(IPAddress.Loopback, grpcPort, listen => listen.Protocols = HttpProtocols.Http2);
            kestrel.Listen(IPAddress.Loopback, httpPort, listen => listen.Protocols = HttpProtocols.Http1);
        });
        builder.Services.AddGrpc(grpc => grpc.MaxReceiveMessageSize = null);
        builder.Services.AddSingleton(channel);
        var web = builder.Build();
        web.MapGrpcService<WorkerChannel>().RequireHost($"*:{grpcPort}");
        HttpProxy? proxy = null;
        web.Map("{**path}", context => proxy is null ? RespondStartingAsync(context) : proxy.HandleAsync(context)).RequireHost($"*:{httpPort}");
        await web.StartAsync(cancellationToken).ConfigureAwait(false);

        var worker = WorkerProcess.Start(applicationDirectory, new Uri($"http://127.0.0.1:{grpcPort}/"), settings, output);
        var toWorker = new HttpClient { Timeout = Timeout.InfiniteTimeSpan };
        try
        {
            var exited = worker.ExitedAsync();
            if (await Task.WhenAny(channel.Loaded, exited).WaitAsync(TimeSpan.FromSeconds(120), cancellationToken).ConfigureAwait(false) == exited)
            {
                throw new WorkerFailedException("The worker exited before its functions were loaded; its output says why.");
            }

            var loaded = await channel.Loaded.ConfigureAwait(false);
            await WorkerHttpReadiness.WaitAsync(loaded.HttpUri, cancellationToken).WaitAsync(TimeSpan.FromSeconds(120), cancellationToken).ConfigureAwait(false);
            proxy = new HttpProxy(channel, loaded, toWorker, functionKey is null ? null : new FunctionKey(functionKey), output, TimeProvider.System);
            var served = web.Urls.Select(url => new Uri(url)).Single(url => url.Port != grpcPort);
            return new LocalFunctionsHost(web, worker, channel, toWorker, new Uri($"http://localhost:{served.Port}/"), [.. proxy.Functions.Select(function => function.Route)]);
        }
        catch
        {
            worker.Dispose();
            toWorker.Dispose();
            await web.DisposeAsync().ConfigureAwait(false);
            channel.Dispose();
            throw;
        }
    }

    public async ValueTask DisposeAsync()
    {
        _worker.Dispose();
        _toWorker.Dispose();
        await _web.DisposeAsync().ConfigureAwait(false);
        _channel.Dispose();
    }

    /// <summary>
    /// A call that comes while the worker is still loading: the port listens from the start (it shares the gRPC
    /// server the worker connects to), and a call answered with an empty success would be a command silently dropped.
    /// </summary>
    private static Task RespondStartingAsync(HttpContext context)
    {
        context.Response.StatusCode = StatusCodes.Status503ServiceUnavailable;
        context.Response.Headers.RetryAfter = "1";
        return context.Response.WriteAsync("The Functions worker is still starting; call again shortly.", context.RequestAborted);
    }

    private static int FreePort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }
}
