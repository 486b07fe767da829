namespace Cqrs.EventSourcing.Tests.Support;

/// <summary>A delivery's context as a handler sees it, for calling handlers and helpers directly.</summary>
internal sealed class TestContext(Guid messageId, StreamPosition? stream = null) : IMessageContext
{
    public Guid MessageId => messageId;

    public Guid CorrelationId => messageId;

    public Guid CausationId => Guid.Empty;

    public string WireName => "test.message";

    public DateTimeOffset EnqueuedTime => DateTimeOffset.UtcNow;

    public int DeliveryCount => 1;

    public StreamPosition? Stream => stream;

    public ValueTask PublishAsync<TEvent>(TEvent @event, CancellationToken cancellationToken = default)
        where TEvent : IEvent => throw new NotSupportedException();

    public ValueTask SendAsync<TCommand>(TCommand command, CancellationToken cancellationToken = default)
        where TCommand : ICommand => throw new NotSupportedException();
}
