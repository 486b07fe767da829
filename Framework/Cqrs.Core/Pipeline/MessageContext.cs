using Cqrs.Transports;

namespace Cqrs.Pipeline;

/// <summary>The context handed to handlers of one delivery.</summary>
internal sealed class MessageContext(MessagePipeline pipeline, TransportMessage message) : IMessageContext
{
    public MessagePipeline Pipeline => pipeline;

    /// <summary>The delivery being handled.</summary>
    public TransportMessage Delivery => message;

    public Guid MessageId => message.MessageId;

    public Guid CorrelationId => message.CorrelationId;

    public Guid CausationId => message.CausationId;

    public string WireName => message.WireName;

    public DateTimeOffset EnqueuedTime => message.EnqueuedTime;

    public int DeliveryCount => message.DeliveryCount;

    public StreamPosition? Stream => message.Stream;

    public ValueTask PublishAsync<TEvent>(TEvent @event, CancellationToken cancellationToken = default)
        where TEvent : IEvent =>
        pipeline.SendAsync(@event, pipeline.NextStamp(), message.CorrelationId, message, cancellationToken);

    public ValueTask SendAsync<TCommand>(TCommand command, CancellationToken cancellationToken = default)
        where TCommand : ICommand =>
        pipeline.SendAsync(command, pipeline.NextStamp(), message.CorrelationId, message, cancellationToken);
}
