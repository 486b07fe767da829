namespace Cqrs.Pipeline;

/// <summary>
/// Where a message goes out: what a handler's context sends and publishes through, and what a descriptor hands a message
/// held as an object back to, as its own type. The contexts and descriptors depend on this, not on the sender behind it.
/// </summary>
internal interface IMessageEmitter
{
    /// <summary>
    /// Sends a message caused by the delivery of <paramref name="cause"/>, from <paramref name="position"/> among its
    /// handler's sends: it takes the id that position gives (a new random one before any handler's call) and the
    /// cause's correlation id.
    /// </summary>
    /// <exception cref="FluentValidation.ValidationException">The message is invalid; nothing was sent.</exception>
    ValueTask EmitAsync<T>(T message, MessageContext cause, SendPosition position, CancellationToken cancellationToken);

    /// <summary>Sends a message with the id and time it was stamped with.</summary>
    /// <exception cref="FluentValidation.ValidationException">The message is invalid; nothing was sent.</exception>
    ValueTask SendAsync<T>(T message, MessageStamp stamp, Guid correlationId, MessageContext? cause, CancellationToken cancellationToken);
}
