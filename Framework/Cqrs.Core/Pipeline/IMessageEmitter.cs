namespace Cqrs.Pipeline;

/// <summary>
/// Where a message goes out: what a handler's context sends and publishes through, and what a descriptor hands a message
/// held as an object back to, as its own type. The contexts and descriptors depend on this, not on the sender behind it.
/// </summary>
internal interface IMessageEmitter
{
    /// <summary>Sends a message caused by the delivery of <paramref name="cause"/>: it takes a new id and the cause's correlation id.</summary>
    /// <exception cref="FluentValidation.ValidationException">The message is invalid; nothing was sent.</exception>
    ValueTask EmitAsync<T>(T message, MessageContext cause, CancellationToken cancellationToken);

    /// <summary>Sends a message with the id and time it was stamped with.</summary>
    /// <exception cref="FluentValidation.ValidationException">The message is invalid; nothing was sent.</exception>
    ValueTask SendAsync<T>(T message, MessageStamp stamp, Guid correlationId, MessageContext? cause, CancellationToken cancellationToken);
}
