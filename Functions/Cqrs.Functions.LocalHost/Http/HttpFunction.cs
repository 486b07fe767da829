using System.Text.Json;
using Microsoft.AspNetCore.Routing;
using Microsoft.AspNetCore.Routing.Template;
using Microsoft.Azure.Functions.Worker.Grpc.Messages;

namespace Cqrs.Functions.LocalHost.Http;

/// <summary>One HTTP-triggered function: its route under <c>api/</c>, its methods and its trigger's parameter name.</summary>
internal sealed class HttpFunction
{
    private const string RoutePrefix = "api/";

    private readonly TemplateMatcher _route;
    private readonly HashSet<string> _methods;

    private HttpFunction(RpcFunctionMetadata metadata, string triggerName, string route, IEnumerable<string> methods, string authLevel)
    {
        Metadata = metadata;
        TriggerName = triggerName;
        NeedsKey = !string.Equals(authLevel, "anonymous", StringComparison.OrdinalIgnoreCase);
        Route = RoutePrefix + route;
        _route = new TemplateMatcher(TemplateParser.Parse(Route), new RouteValueDictionary());
        _methods = new HashSet<string>(methods, StringComparer.OrdinalIgnoreCase);
    }

    public RpcFunctionMetadata Metadata { get; }

    public string TriggerName { get; }

    public string Route { get; }

    /// <summary>Whether a caller must give a key: every level but <c>anonymous</c> (the host's default is <c>function</c>).</summary>
    public bool NeedsKey { get; }

    /// <summary>The HTTP functions among <paramref name="functions"/>, as their raw bindings describe them.</summary>
    public static IReadOnlyList<HttpFunction> From(IEnumerable<RpcFunctionMetadata> functions) =>
        [.. functions.SelectMany(function => function.RawBindings
            .Select(raw => JsonElement.Parse(raw))
            .Where(binding => binding.GetProperty("type").GetString() == "httpTrigger")
            .Select(binding => new HttpFunction(
                function,
                binding.GetProperty("name").GetString()!,
                binding.TryGetProperty("route", out var route) ? route.GetString()! : function.Name,
                binding.TryGetProperty("methods", out var methods) ? methods.EnumerateArray().Select(method => method.GetString()!) : ["get", "post"],
                binding.TryGetProperty("authLevel", out var authLevel) ? authLevel.GetString()! : "function")))];

    /// <summary>True, with the route's values, when this function answers <paramref name="method"/> at <paramref name="path"/>.</summary>
    public bool Matches(string method, string path, RouteValueDictionary values) =>
        _methods.Contains(method) && _route.TryMatch(path, values);
}
