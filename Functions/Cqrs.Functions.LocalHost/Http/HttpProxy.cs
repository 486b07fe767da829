using System.Globalization;
using Cqrs.Functions.LocalHost.Protocol;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;

namespace Cqrs.Functions.LocalHost.Http;

/// <summary>
/// Serves the worker's HTTP functions as the Functions host does with the ASP.NET Core integration: each call becomes an
/// invocation over gRPC and, at once, the same call proxied to the worker's own HTTP endpoint with the invocation id
/// header; the worker pairs them by that id and answers the proxied call. Each call is logged to
/// <paramref name="output"/> as <c>func start</c> logs an invocation: method, route, status, duration, invocation id.
/// </summary>
internal sealed class HttpProxy(WorkerChannel channel, LoadedWorker worker, HttpClient toWorker, FunctionKey? functionKey, Action<string> output, TimeProvider time)
{
    private const string InvocationIdHeader = "x-ms-invocation-id";

    private static readonly HashSet<string> HopByHopHeaders = new(StringComparer.OrdinalIgnoreCase)
    {
        "Connection", "Keep-Alive", "Transfer-Encoding", "Upgrade", "Host", "Content-Length",
    };

    private readonly IReadOnlyList<HttpFunction> _functions = HttpFunction.From(worker.Functions);

    public IReadOnlyList<HttpFunction> Functions => _functions;

    public async Task HandleAsync(HttpContext context)
    {
        var started = time.GetTimestamp();
        var values = new RouteValueDictionary();
        var function = _functions.FirstOrDefault(candidate => candidate.Matches(context.Request.Method, context.Request.Path, values));
        if (function is null)
        {
            context.Response.StatusCode = StatusCodes.Status404NotFound;
            Log(context, started, invocationId: null);
            return;
        }

        if (function.NeedsKey && functionKey is not null && !functionKey.IsGivenBy(context.Request))
        {
            // As the Functions host answers a call without its key: before the worker sees it.
            context.Response.StatusCode = StatusCodes.Status401Unauthorized;
            Log(context, started, invocationId: null);
            return;
        }

        var invocationId = Guid.NewGuid().ToString();
        var invoked = channel.InvokeAsync(HttpInvocation.Create(invocationId, function, context.Request, values), context.RequestAborted);
        using var forwarded = Forward(context.Request, invocationId);
        using var answer = await toWorker.SendAsync(forwarded, HttpCompletionOption.ResponseHeadersRead, context.RequestAborted).ConfigureAwait(false);
        context.Response.StatusCode = (int)answer.StatusCode;
        // Logged once the worker has answered and before the caller can read the answer: a caller that has its
        // response finds the line already written.
        Log(context, started, invocationId);
        foreach (var header in answer.Headers.Concat(answer.Content.Headers).Where(header => !HopByHopHeaders.Contains(header.Key)))
        {
            context.Response.Headers[header.Key] = header.Value.ToArray();
        }

        await answer.Content.CopyToAsync(context.Response.Body, context.RequestAborted).ConfigureAwait(false);
        await invoked.ConfigureAwait(false);
    }

    /// <summary>
    /// One line per call. The path without its query: a function key given as <c>?code=</c> stays out of the log.
    /// </summary>
    private void Log(HttpContext context, long started, string? invocationId) =>
        output(string.Create(
            CultureInfo.InvariantCulture,
            $"[host] {context.Request.Method} {context.Request.Path} {context.Response.StatusCode} {time.GetElapsedTime(started).TotalMilliseconds:F0} ms invocation {invocationId ?? "-"}"));

    private HttpRequestMessage Forward(HttpRequest request, string invocationId)
    {
        var forwarded = new HttpRequestMessage(
            new HttpMethod(request.Method),
            new Uri(worker.HttpUri, $"{request.Path}{request.QueryString}"))
        {
            Content = new StreamContent(request.Body),
        };
        foreach (var header in request.Headers.Where(header => !HopByHopHeaders.Contains(header.Key)))
        {
            if (!forwarded.Headers.TryAddWithoutValidation(header.Key, header.Value.ToArray()))
            {
                forwarded.Content.Headers.TryAddWithoutValidation(header.Key, header.Value.ToArray());
            }
        }

        forwarded.Content.Headers.ContentLength = request.ContentLength;
        forwarded.Headers.TryAddWithoutValidation(InvocationIdHeader, invocationId);
        return forwarded;
    }
}
