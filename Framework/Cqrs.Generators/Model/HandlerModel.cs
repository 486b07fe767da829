namespace Cqrs.Generators.Model;

/// <summary>Which handler interface a handler implements.</summary>
internal enum HandlerKind
{
    Command,
    Event,
    Query,
}

/// <summary>One implemented handler interface of a handler class.</summary>
/// <param name="ResultTypeName">The query result type; null for commands and events.</param>
/// <param name="Name">The name it goes by in telemetry and retries, when not its type's full name (a saga's handlers).</param>
internal sealed record HandlerModel(HandlerKind Kind, string HandlerTypeName, string MessageTypeName, string? ResultTypeName, LocationInfo? Location, string? Name = null);
