namespace Cqrs.Pipeline;

/// <summary>An event as an event store keeps it, ready to publish again: its type, ids, body and place in its stream.</summary>
internal sealed record StoredMessage(
    MessageDescriptor Descriptor,
    Guid MessageId,
    Guid CorrelationId,
    Guid CausationId,
    ReadOnlyMemory<byte> Body,
    StreamPosition Stream);
