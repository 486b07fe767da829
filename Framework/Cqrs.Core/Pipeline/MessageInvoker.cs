using Cqrs.Transports;

namespace Cqrs.Pipeline;

/// <summary>
/// What happens to a delivery of one message type in one container: it is read, validated and handed to the type's
/// handlers, through their middleware, under the retry policy, in receiving spans. What the type is, is its
/// <see cref="MessageDescriptor"/>'s.
/// </summary>
internal abstract class MessageInvoker
{
    /// <summary>Deserializes, validates and handles one delivery, and says how to settle it.</summary>
    public abstract ValueTask<Disposition> ReceiveAsync(DeliveryContext context, CancellationToken cancellationToken);
}
