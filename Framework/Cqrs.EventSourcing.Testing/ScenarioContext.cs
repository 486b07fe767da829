namespace Cqrs.EventSourcing.Testing;

/// <summary>The context a scenario's command is handled in: a fresh flow; what the handler publishes or sends directly is refused.</summary>
internal sealed class ScenarioContext : IMessageContext
{
    public Guid MessageId { get; } = Guid.CreateVersion7();

    public Guid CorrelationId => MessageId;

    public Guid CausationId => Guid.Empty;

    public string WireName => "scenario";

    public DateTimeOffset EnqueuedTime { get; } = DateTimeOffset.UtcNow;

    public int DeliveryCount => 1;

    public StreamPosition? Stream => null;

    public ValueTask PublishAsync<TEvent>(TEvent @event, CancellationToken cancellationToken = default)
        where TEvent : IEvent =>
        throw new NotSupportedException("An aggregate scenario checks events appended through the repository; this handler published one directly.");

    public ValueTask SendAsync<TCommand>(TCommand command, CancellationToken cancellationToken = default)
        where TCommand : ICommand =>
        throw new NotSupportedException("An aggregate scenario checks one command's events; this handler sent another command.");
}
