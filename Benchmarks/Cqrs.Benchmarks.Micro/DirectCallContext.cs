using Cqrs.Benchtest;
using Cqrs.Benchtest.Messages;

namespace Cqrs.Benchmarks.Micro;

/// <summary>The baseline's context: publishing an event calls its handlers in turn, in line. No framework involved.</summary>
internal sealed class DirectCallContext(IReadOnlyList<IEventHandler<NumberRecorded>> handlers) : IMessageContext
{
    public Guid MessageId => Guid.Empty;

    public Guid CorrelationId => Guid.Empty;

    public Guid CausationId => Guid.Empty;

    public string WireName => "";

    public DateTimeOffset EnqueuedTime => default;

    public int DeliveryCount => 1;

    public StreamPosition? Stream => null;

    public async ValueTask PublishAsync<TEvent>(TEvent @event, CancellationToken cancellationToken = default)
        where TEvent : IEvent
    {
        if (@event is not NumberRecorded recorded)
        {
            throw new NotSupportedException($"The baseline publishes {nameof(NumberRecorded)} only.");
        }

        foreach (var handler in handlers)
        {
            await handler.HandleAsync(recorded, this, cancellationToken).ConfigureAwait(false);
        }
    }

    public ValueTask SendAsync<TCommand>(TCommand command, CancellationToken cancellationToken = default)
        where TCommand : ICommand =>
        throw new NotSupportedException("The baseline raises events only.");
}
