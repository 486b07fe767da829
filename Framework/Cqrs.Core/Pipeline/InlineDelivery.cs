using System.Diagnostics;
using Cqrs.Transports;

namespace Cqrs.Pipeline;

/// <summary>
/// A message handled in its sender's call (direct dispatch with no span to record: nobody listens, or its trace is
/// not sampled, <see cref="UnsampledInlineDelivery"/>): its delivery and its handlers' context in one object, smaller
/// than a transport message and a context together. A transport message is made only when something needs one: a
/// retry, a dead-letter, a queueing on shutdown. It keeps its cause, whose call it runs in, rather than the cause's id:
/// a reference is the smaller, and leaves room for the send time, which an id derived from a name does not carry.
/// </summary>
internal class InlineDelivery(SendPosition sends, string wireName, object message, MessageStamp stamp, Guid correlationId, MessageContext? cause)
    : MessageContext(sends)
{
    private readonly DateTime _enqueuedUtc = stamp.Time.UtcDateTime;

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

    public override Guid MessageId { get; } = stamp.MessageId;

    public override Guid CorrelationId { get; } = correlationId;

    public override Guid CausationId => cause?.MessageId ?? Guid.Empty;

    public override string WireName => wireName;

    /// <summary>When it was sent, as its sender read the time (see <see cref="MessageSender.NextStamp"/>).</summary>
    public override DateTimeOffset EnqueuedTime => new(_enqueuedUtc, TimeSpan.Zero);

    public override int DeliveryCount => 1;

    public override StreamPosition? Stream => null;

    /// <summary>None: nobody listened when it was sent.</summary>
    public override ActivityContext TraceContext => default;

    public override bool Unsampled => false;
}
