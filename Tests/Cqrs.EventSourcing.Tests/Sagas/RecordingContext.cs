namespace Cqrs.EventSourcing.Tests.Sagas;

/// <summary>A delivery's context that keeps what is published and sent through it, or fails to, as a crash would.</summary>
internal sealed class RecordingContext(Guid messageId, bool failSends = false) : IMessageContext
{
    public List<IMessage> Raised { get; } = [];

    public Guid MessageId => messageId;

    public Guid CorrelationId => messageId;

    public Guid CausationId => Guid.Empty;

    public string WireName => "tests.message";

    public DateTimeOffset EnqueuedTime => DateTimeOffset.UtcNow;

    public int DeliveryCount => 1;

    public StreamPosition? Stream => null;

    public ValueTask PublishAsync<TEvent>(TEvent @event, CancellationToken cancellationToken = default)
        where TEvent : IEvent => Raise(@event);

    public ValueTask SendAsync<TCommand>(TCommand command, CancellationToken cancellationToken = default)
        where TCommand : ICommand => Raise(command);

    private ValueTask Raise(IMessage message)
    {
        if (failSends)
        {
            throw new InvalidOperationException("The process stopped before it sent.");
        }

        Raised.Add(message);
        return ValueTask.CompletedTask;
    }
}
