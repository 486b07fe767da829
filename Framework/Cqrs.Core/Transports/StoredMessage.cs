namespace Cqrs.Transports;

/// <summary>A message as a store keeps it, ready to publish again: its wire name, ids, body and place in its stream.</summary>
/// <param name="WireName">The message type's wire name.</param>
/// <param name="MessageId">The id it was stored under; published copies keep it, so an inbox recognises a second publication.</param>
/// <param name="CorrelationId">The flow it belongs to.</param>
/// <param name="CausationId">The message whose handler stored it; empty when none did.</param>
/// <param name="Body">The MessagePack payload it was stored with.</param>
/// <param name="Stream">Its stream and version.</param>
public sealed record StoredMessage(
    string WireName,
    Guid MessageId,
    Guid CorrelationId,
    Guid CausationId,
    ReadOnlyMemory<byte> Body,
    StreamPosition Stream);
