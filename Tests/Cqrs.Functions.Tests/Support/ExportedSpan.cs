using System.Text.Json;

namespace Cqrs.Functions.Tests.Support;

/// <summary>A request or dependency item of Application Insights' ingestion schema: one exported span.</summary>
public sealed record ExportedSpan(string Type, string Name, string Id, string OperationId, string? ParentId)
{
    /// <summary>The item's span, or null when it is another kind of item (a metric, a log).</summary>
    public static ExportedSpan? From(JsonElement envelope)
    {
        var type = envelope.GetProperty("name").GetString()!;
        if (type is not ("Request" or "RemoteDependency"))
        {
            return null;
        }

        var tags = envelope.GetProperty("tags");
        var data = envelope.GetProperty("data").GetProperty("baseData");
        return new ExportedSpan(
            type,
            data.GetProperty("name").GetString()!,
            data.GetProperty("id").GetString()!,
            tags.GetProperty("ai.operation.id").GetString()!,
            tags.TryGetProperty("ai.operation.parentId", out var parent) ? parent.GetString() : null);
    }
}
