using System.Diagnostics;
using Cqrs.Transports;

namespace Cqrs.Pipeline;

/// <summary>
/// The context handed to the handlers of one delivery, and what the pipeline asks of that delivery: one carried as a
/// transport message (<see cref="DeliveryContext"/>), or one that direct dispatch hands over with none (<see cref="InlineDelivery"/>).
/// The messages its handlers raise go out through an <see cref="IMessageEmitter"/>, with this delivery as their cause.
/// </summary>
internal abstract class MessageContext(IMessageEmitter emitter) : IMessageContext
{
    /// <summary>The delivery as a transport carries it: to retry, dead-letter or queue it again, or to trace it.</summary>
    public abstract TransportMessage Delivery { get; }

    /// <summary>1 for a message from outside any handler; one more for each handler that raised it in turn.</summary>
    public abstract int InlineDepth { get; }

    /// <summary>For an event retried for one handler only: that handler's name.</summary>
    public abstract string? TargetHandler { get; }

    public abstract Guid MessageId { get; }

    public abstract Guid CorrelationId { get; }

    public abstract Guid CausationId { get; }

    public abstract string WireName { get; }

    public abstract DateTimeOffset EnqueuedTime { get; }

    public abstract int DeliveryCount { get; }

    public abstract StreamPosition? Stream { get; }

    /// <summary>The trace the delivery goes on in (see <see cref="TransportMessage.TraceContext"/>).</summary>
    public abstract ActivityContext TraceContext { get; }

    /// <summary>Whether the delivery's trace was not sampled (see <see cref="TransportMessage.Unsampled"/>).</summary>
    public abstract bool Unsampled { get; }

    public ValueTask PublishAsync<TEvent>(TEvent @event, CancellationToken cancellationToken = default)
        where TEvent : IEvent =>
        emitter.EmitAsync(@event, this, cancellationToken);

    public ValueTask SendAsync<TCommand>(TCommand command, CancellationToken cancellationToken = default)
        where TCommand : ICommand =>
        emitter.EmitAsync(command, this, cancellationToken);
}
