namespace Cqrs;

/// <summary>Publishes events from outside any handler (inside one, use <see cref="IMessageContext"/>). Thread-safe.</summary>
public interface IEventBus
{
    /// <summary>Validates, serializes and publishes an event; completes once the transport has accepted it.</summary>
    /// <exception cref="FluentValidation.ValidationException">The event is invalid (every error listed); nothing was published.</exception>
    /// <exception cref="InvalidOperationException">The type is not registered.</exception>
    ValueTask<SentMessage> PublishAsync<TEvent>(TEvent @event, CancellationToken cancellationToken = default)
        where TEvent : IEvent;
}
