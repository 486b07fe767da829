using Cqrs.Pipeline;
using Cqrs.Serialization;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.EventSourcing;

/// <summary>Turns events into what stores keep and back, through the message catalog. Thread-safe.</summary>
internal sealed class EventCodec(MessageCatalog catalog, IServiceProvider services)
{
    private readonly TimeProvider _clock = services.GetService<TimeProvider>() ?? TimeProvider.System;
    private volatile bool _validatorsBound;

    /// <summary>Validates and serializes an event under a new id; without a correlation id it starts a flow, which takes its id.</summary>
    /// <exception cref="FluentValidation.ValidationException">The event is invalid.</exception>
    /// <exception cref="InvalidOperationException">The type is not a registered event.</exception>
    public async ValueTask<NewEvent> ToNewEventAsync(IEvent @event, Guid? correlationId, Guid causationId, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(@event);
        var descriptor = catalog.Get(@event.GetType());
        BindValidators();
        await descriptor.ThrowIfInvalidObjectAsync(@event, cancellationToken).ConfigureAwait(false);
        var eventId = MessageIds.Next(_clock).MessageId;
        return new NewEvent(eventId, descriptor.WireName, descriptor.SerializeObject(@event), correlationId ?? eventId, causationId);
    }

    /// <summary>Reads a stored event back into its type.</summary>
    /// <exception cref="StoredDataException">Its wire name is not registered here, or its payload is not a valid one.</exception>
    public IEvent Read(StoredEvent stored)
    {
        var descriptor = DescriptorOf(stored);
        try
        {
            return (IEvent)descriptor.DeserializeObject(stored.Payload);
        }
        catch (MessageFormatException exception)
        {
            throw new StoredDataException(stored.Position, $"its {stored.WireName} payload cannot be read: {exception.Message}", exception);
        }
    }

    /// <summary>The stored event as the pipeline publishes it.</summary>
    /// <exception cref="StoredDataException">Its wire name is not registered here.</exception>
    public StoredMessage ToMessage(StoredEvent stored) =>
        new(DescriptorOf(stored), stored.EventId, stored.CorrelationId, stored.CausationId, stored.Payload, stored.Position);

    /// <summary>
    /// The catalog's validators are bound when the pipeline is built, and an append may come first (a repository
    /// used before any bus): without this, its events would be stored unvalidated. The pipeline is needed right
    /// after anyway, to publish them.
    /// </summary>
    private void BindValidators()
    {
        if (!_validatorsBound)
        {
            services.GetRequiredService<MessagePipeline>();
            _validatorsBound = true;
        }
    }

    private MessageDescriptor DescriptorOf(StoredEvent stored) =>
        catalog.TryGet(stored.WireName, out var descriptor) && descriptor.Kind == MessageKind.Event
            ? descriptor
            : throw new StoredDataException(stored.Position, $"no event type is registered under the wire name '{stored.WireName}'.");
}
