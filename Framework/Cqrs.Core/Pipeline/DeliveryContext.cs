using System.Diagnostics;
using Cqrs.Transports;

namespace Cqrs.Pipeline;

/// <summary>The context of a delivery carried as a transport message: its headers are the message's.</summary>
internal sealed class DeliveryContext(SendPosition sends, TransportMessage delivery) : MessageContext(sends)
{
    public override TransportMessage Delivery => delivery;

    public override int InlineDepth => delivery.InlineDepth;

    public override string? TargetHandler => delivery.TargetHandler;

    public override Guid MessageId => delivery.MessageId;

    public override Guid CorrelationId => delivery.CorrelationId;

    public override Guid CausationId => delivery.CausationId;

    public override string WireName => delivery.WireName;

    public override DateTimeOffset EnqueuedTime => delivery.EnqueuedTime;

    public override int DeliveryCount => delivery.DeliveryCount;

    public override StreamPosition? Stream => delivery.Stream;

    public override ActivityContext TraceContext => delivery.TraceContext;

    public override bool Unsampled => delivery.Unsampled;
}
