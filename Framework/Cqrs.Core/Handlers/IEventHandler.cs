namespace Cqrs;

/// <summary>Handles one event type. Any number of handlers may exist per event; each runs and retries on its own.</summary>
/// <typeparam name="TEvent">The event handled.</typeparam>
public interface IEventHandler<in TEvent>
    where TEvent : IEvent
{
    /// <summary>Handles the event.</summary>
    /// <remarks>An exception retries this handler only; the event's other handlers are not run again.</remarks>
    ValueTask HandleAsync(TEvent @event, IMessageContext context, CancellationToken cancellationToken);
}
