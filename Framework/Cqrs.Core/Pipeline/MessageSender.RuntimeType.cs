namespace Cqrs.Pipeline;

/// <summary>Sending a message by its runtime type, when the type it is sent as is not a registered message.</summary>
internal sealed partial class MessageSender
{
    /// <summary>
    /// A message sent as an interface or base class (<c>SendAsync&lt;ICommand&gt;</c>, say): its runtime type's
    /// descriptor sends it down that type's typed path, so it is validated, serialized and handled as if sent as itself.
    /// </summary>
    /// <exception cref="ArgumentNullException"><paramref name="message"/> is null.</exception>
    /// <exception cref="InvalidOperationException">Its runtime type is not a registered command or event either.</exception>
    private ValueTask SendByRuntimeTypeAsync<T>(T message, MessageStamp stamp, Guid correlationId, MessageContext? cause, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(message);
        return _catalog.Get(message.GetType()).SendObjectAsync(this, message, stamp, correlationId, cause, cancellationToken);
    }
}
