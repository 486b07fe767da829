namespace Cqrs.Diagnostics;

/// <summary>
/// What telemetry records of one message type: its wire name and kind, the names of its spans, worked out once, and its
/// counts not yet added to their counters. Made by <see cref="CqrsTelemetry.Describe"/>, once per type and container.
/// </summary>
internal sealed class MessageTelemetry(string wireName, MessageKind kind)
{
    /// <summary>Made once, for every record of the type: a record then builds no tag of its own.</summary>
    private readonly KeyValuePair<string, object?>[] _typeTag = [new(CqrsDiagnostics.MessageTypeTag, wireName)];

    public string WireName { get; } = wireName;

    /// <summary>The message type's tag, as the instruments tagged with the type alone carry it.</summary>
    public ReadOnlySpan<KeyValuePair<string, object?>> TypeTag => _typeTag;

    public MessageKind Kind { get; } = kind;

    /// <summary>Span name of the sending hop.</summary>
    public string SendSpanName { get; } = (kind == MessageKind.Event ? "publish " : "send ") + wireName;

    /// <summary>Span name of the receiving hop.</summary>
    public string ReceiveSpanName { get; } = (kind == MessageKind.Event ? "handle " : "process ") + wireName;

    /// <summary>The type's sends and successful handler calls not yet added to their counters.</summary>
    public MessageCounts Counts { get; } = new(wireName);
}
