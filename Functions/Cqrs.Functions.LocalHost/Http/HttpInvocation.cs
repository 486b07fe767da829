using System.Diagnostics;
using System.Text.Json;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;
using Microsoft.Azure.Functions.Worker.Grpc.Messages;

namespace Cqrs.Functions.LocalHost.Http;

/// <summary>
/// The invocation request of one HTTP call: the function, the trigger's HTTP data without its body (the worker reads
/// the body from the call proxied to it), the route's values as trigger metadata, and the caller's trace context.
/// </summary>
internal static class HttpInvocation
{
    public static InvocationRequest Create(string invocationId, HttpFunction function, HttpRequest request, RouteValueDictionary routeValues)
    {
        var http = new RpcHttp
        {
            Method = request.Method,
            Url = $"{request.Scheme}://{request.Host}{request.PathBase}{request.Path}{request.QueryString}",
        };
        foreach (var header in request.Headers)
        {
            http.Headers[header.Key] = header.Value.ToString();
        }

        foreach (var parameter in request.Query)
        {
            http.Query[parameter.Key] = parameter.Value.ToString();
        }

        var invocation = new InvocationRequest
        {
            InvocationId = invocationId,
            FunctionId = function.Metadata.FunctionId,
            TraceContext = TraceContextOf(request),
        };
        invocation.InputData.Add(new ParameterBinding { Name = function.TriggerName, Data = new TypedData { Http = http } });
        foreach (var (name, value) in routeValues)
        {
            http.Params[name] = value?.ToString() ?? string.Empty;
            invocation.TriggerMetadata[name] = new TypedData { String = value?.ToString() ?? string.Empty };
        }

        invocation.TriggerMetadata["Query"] = new TypedData { Json = JsonSerializer.Serialize(new Dictionary<string, string>(http.Query)) };
        invocation.TriggerMetadata["Headers"] = new TypedData { Json = JsonSerializer.Serialize(new Dictionary<string, string>(http.Headers)) };
        return invocation;
    }

    /// <summary>The caller's traceparent when it sent one, else a new trace: the worker's spans continue it.</summary>
    private static RpcTraceContext TraceContextOf(HttpRequest request)
    {
        var traceParent = request.Headers["traceparent"].ToString();
        if (!ActivityContext.TryParse(traceParent, request.Headers["tracestate"].ToString(), out var parent))
        {
            parent = new ActivityContext(ActivityTraceId.CreateRandom(), ActivitySpanId.CreateRandom(), ActivityTraceFlags.Recorded);
        }

        // The host's own span for the call: a child of the caller's, as the Functions host makes one.
        var hostSpan = new ActivityContext(parent.TraceId, ActivitySpanId.CreateRandom(), parent.TraceFlags);
        return new RpcTraceContext
        {
            TraceParent = $"00-{hostSpan.TraceId}-{hostSpan.SpanId}-{(int)hostSpan.TraceFlags:x2}",
            TraceState = parent.TraceState ?? string.Empty,
        };
    }
}
