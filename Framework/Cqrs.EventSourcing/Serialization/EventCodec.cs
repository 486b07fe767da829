using Cqrs.Serialization;
using Cqrs.Transports;

namespace Cqrs.EventSourcing;

/// <summary>Turns events into what stores keep and back, through the pipeline's registered messages. Thread-safe.</summary>
internal sealed class EventCodec(IMessageStorePipeline pipeline, IMessageDirectory directory)
{
    /// <summary>
    /// Validates and serializes an event under a new id; without a correlation id it starts a flow, which takes its id.
    /// A new id even in a handler's call, not one derived from the message handled as the handler's sends are: a command
    /// handled again decides again, on the state its first run's events left, so what it appends then is another
    /// event, not a repeat; under its first run's ids it would be dropped downstream as one. The outbox and the stores
    /// also key an event by its id. The first run's events keep theirs when the outbox publishes them again.
    /// </summary>
    /// <exception cref="FluentValidation.ValidationException">The event is invalid.</exception>
    /// <exception cref="InvalidOperationException">The type is not a registered event.</exception>
    public async ValueTask<NewEvent> ToNewEventAsync(IEvent @event, Guid? correlationId, Guid causationId, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(@event);
        var serialized = await pipeline.ValidateAndSerializeAsync(@event, cancellationToken).ConfigureAwait(false);
        var eventId = pipeline.NewMessageId();
        return new NewEvent(eventId, serialized.WireName, serialized.Body, correlationId ?? eventId, causationId);
    }

    /// <summary>Reads a stored event back into its type.</summary>
    /// <exception cref="StoredDataException">Its wire name is not registered here, or its payload is not a valid one.</exception>
    public IEvent Read(StoredEvent stored)
    {
        ThrowIfNotAnEvent(stored);
        try
        {
            return (IEvent)pipeline.Deserialize(stored.WireName, stored.Payload);
        }
        catch (MessageFormatException exception)
        {
            throw new StoredDataException(stored.Position, $"its {stored.WireName} payload cannot be read: {exception.Message}", exception);
        }
    }

    /// <summary>The stored event as the pipeline publishes it.</summary>
    /// <exception cref="StoredDataException">Its wire name is not registered here.</exception>
    public StoredMessage ToMessage(StoredEvent stored)
    {
        ThrowIfNotAnEvent(stored);
        return new(stored.WireName, stored.EventId, stored.CorrelationId, stored.CausationId, stored.Payload, stored.Position);
    }

    private void ThrowIfNotAnEvent(StoredEvent stored)
    {
        if (directory.KindOf(stored.WireName) != MessageKind.Event)
        {
            throw new StoredDataException(stored.Position, $"no event type is registered under the wire name '{stored.WireName}'.");
        }
    }
}
