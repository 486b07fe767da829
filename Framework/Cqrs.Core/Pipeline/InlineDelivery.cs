using System.Diagnostics;
using Cqrs.Transports;

namespace Cqrs.Pipeline;

/// <summary>
/// A message handled in its sender's call (direct dispatch with no span to record: nobody listens, or its trace is
/// not sampled, <see cref="UnsampledInlineDelivery"/>): its delivery and its handlers' context in one object, smaller
/// than a transport message and a context together. A transport message is made only when something needs one: a
/// retry, a dead-letter, a queueing on shutdown.
/// </summary>
internal class InlineDelivery(IMessageEmitter emitter, string wireName, object message, Guid messageId, Guid correlationId, MessageContext? cause)
    : MessageContext(emitter)
{
    /// <summary>A new transport message for each call: none is kept, for a delivery that most often needs none.</summary>
    public override TransportMessage Delivery => new()
    {
        MessageId = MessageId,
        CorrelationId = CorrelationId,
        CausationId = CausationId,
        EnqueuedTime = EnqueuedTime,
        InlineDepth = InlineDepth,
        WireName = WireName,
        Payload = message,
        DeliveryCount = 1,
        TraceContext = TraceContext,
        Unsampled = Unsampled,
    };

    public override int InlineDepth { get; } = (cause?.InlineDepth ?? 0) + 1;

    public override string? TargetHandler => null;

    public override Guid MessageId { get; } = messageId;

    public override Guid CorrelationId { get; } = correlationId;

    public override Guid CausationId { get; } = cause?.MessageId ?? Guid.Empty;

    public override string WireName => wireName;

    /// <summary>The millisecond in the id: direct dispatch sends on the coarse clock, whose tick is coarser still.</summary>
    public override DateTimeOffset EnqueuedTime => MessageIds.TimeOf(MessageId);

    public override int DeliveryCount => 1;

    public override StreamPosition? Stream => null;

    /// <summary>None: nobody listened when it was sent.</summary>
    public override ActivityContext TraceContext => default;

    public override bool Unsampled => false;
}
