namespace Cqrs;

/// <summary>
/// The message being handled and the way out for what its handler raises: events published and
/// commands sent through the context carry its correlation id and take its message id as causation id.
/// Not thread-safe; valid only during the handler call.
/// </summary>
public interface IMessageContext
{
    /// <summary>Id of the message being handled.</summary>
    Guid MessageId { get; }

    /// <summary>Id shared by every message of one business flow.</summary>
    Guid CorrelationId { get; }

    /// <summary>Id of the message whose handler raised this one, or <see cref="Guid.Empty"/> at the edge.</summary>
    Guid CausationId { get; }

    /// <summary>The message's wire name.</summary>
    string WireName { get; }

    /// <summary>When the message was put on the transport.</summary>
    DateTimeOffset EnqueuedTime { get; }

    /// <summary>1 on first delivery, higher on redelivery.</summary>
    int DeliveryCount { get; }

    /// <summary>For an event published from an event store: where it is stored. Null for any other message.</summary>
    StreamPosition? Stream { get; }

    /// <summary>Publishes an event caused by this message.</summary>
    /// <exception cref="FluentValidation.ValidationException">The event is invalid; nothing was published.</exception>
    ValueTask PublishAsync<TEvent>(TEvent @event, CancellationToken cancellationToken = default)
        where TEvent : IEvent;

    /// <summary>Sends a command caused by this message.</summary>
    /// <exception cref="FluentValidation.ValidationException">The command is invalid; nothing was sent.</exception>
    ValueTask SendAsync<TCommand>(TCommand command, CancellationToken cancellationToken = default)
        where TCommand : ICommand;
}
