namespace Cqrs.Pipeline;

/// <summary>
/// Sends a message as a given type: what a descriptor hands a message held as an object back to, as its own type
/// (see <see cref="MessageDescriptor.SendObjectAsync"/>), so that descriptors need not know the sender.
/// </summary>
internal interface ITypedSender
{
    /// <exception cref="FluentValidation.ValidationException">The message is invalid; nothing was sent.</exception>
    ValueTask SendAsync<T>(T message, MessageStamp stamp, Guid correlationId, MessageContext? cause, CancellationToken cancellationToken);
}
