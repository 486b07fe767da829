namespace Cqrs.EventSourcing;

/// <summary>An event to append: serialized, with its id and the flow it belongs to.</summary>
/// <param name="EventId">Unique id; becomes the message id when the event is published.</param>
/// <param name="WireName">The event type's wire name.</param>
/// <param name="Payload">The event in MessagePack.</param>
/// <param name="CorrelationId">The flow the event belongs to.</param>
/// <param name="CausationId">The message whose handler raised it, or <see cref="Guid.Empty"/>.</param>
public sealed record NewEvent(Guid EventId, string WireName, ReadOnlyMemory<byte> Payload, Guid CorrelationId, Guid CausationId);
