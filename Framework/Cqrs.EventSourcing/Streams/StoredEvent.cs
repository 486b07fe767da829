namespace Cqrs.EventSourcing;

/// <summary>An event as a store holds it.</summary>
/// <param name="StreamId">Its stream.</param>
/// <param name="Version">Its place in the stream: the first event is 1.</param>
/// <param name="EventId">Unique id; the message id it is published under.</param>
/// <param name="WireName">The event type's wire name.</param>
/// <param name="Payload">The event in MessagePack.</param>
/// <param name="CorrelationId">The flow the event belongs to.</param>
/// <param name="CausationId">The message whose handler raised it, or <see cref="Guid.Empty"/>.</param>
/// <param name="Timestamp">When the store appended it (UTC).</param>
public sealed record StoredEvent(
    string StreamId,
    long Version,
    Guid EventId,
    string WireName,
    ReadOnlyMemory<byte> Payload,
    Guid CorrelationId,
    Guid CausationId,
    DateTimeOffset Timestamp)
{
    /// <summary>The event's stream and version.</summary>
    public StreamPosition Position => new(StreamId, Version);
}
