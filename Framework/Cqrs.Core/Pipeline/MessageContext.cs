using System.Diagnostics;
using Cqrs.Transports;

namespace Cqrs.Pipeline;

/// <summary>
/// The context handed to the handlers of one delivery, and what the pipeline asks of that delivery: one carried as a
/// transport message (<see cref="DeliveryContext"/>), or one that direct dispatch hands over with none (<see cref="InlineDelivery"/>).
/// The messages its handlers raise go out through an <see cref="IMessageEmitter"/>, with this delivery as their cause,
/// each from its <see cref="SendPosition"/> among its handler's sends, which gives its id.
/// </summary>
/// <param name="sends">Where its sends go out before any handler's call: the emitter's random-id position.</param>
internal abstract class MessageContext(SendPosition sends) : IMessageContext
{
    /// <summary>Where the next send goes out: the current handler's next position. The one field for both, as the context is allocated per hop.</summary>
    private SendPosition _sends = sends;

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
        where TEvent : IEvent
    {
        var position = TakeSendPosition();
        return position.Emitter.EmitAsync(@event, this, position, cancellationToken);
    }

    public ValueTask SendAsync<TCommand>(TCommand command, CancellationToken cancellationToken = default)
        where TCommand : ICommand
    {
        var position = TakeSendPosition();
        return position.Emitter.EmitAsync(command, this, position, cancellationToken);
    }

    /// <summary>
    /// Counts <paramref name="handler"/>'s sends from 0, as its call starts: what it sends takes ids from its own
    /// positions, not the previous handler's. Handlers of one delivery are called one after another, never at once.
    /// </summary>
    public void StartSends(HandlerSends handler) => _sends = handler.FirstVia(_sends.Emitter);

    /// <summary>Points a context handed out again at <paramref name="sends"/>, as a new one starts.</summary>
    protected void RestartAt(SendPosition sends) => _sends = sends;

    /// <summary>Counts the current handler's sends from 0 again, as an attempt starts: a retry sends under the ids the failed attempt sent under.</summary>
    public void RestartSends() => _sends = _sends.First;

    /// <summary>
    /// The position of a send, and the context moved on past it. Each send takes its own, even two sends racing from
    /// threads of the handler's own (a context is not meant to be shared so, but two sends must never share an id).
    /// </summary>
    public SendPosition TakeSendPosition()
    {
        var position = _sends;
        while (true)
        {
            var seen = Interlocked.CompareExchange(ref _sends, position.Next, position);
            if (seen == position)
            {
                return position;
            }

            position = seen;
        }
    }
}
