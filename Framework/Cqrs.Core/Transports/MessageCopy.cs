namespace Cqrs.Transports;

/// <summary>
/// What sets a copy the pipeline made of a received message apart from the message (see
/// <see cref="TransportMessage.TransportId"/>, <see cref="TransportMessage.RetryCount"/> and
/// <see cref="TransportMessage.TargetHandler"/>); a delivery from one handler's own subscription names its handler too.
/// Kept apart from the message, so that the many messages that are none of these carry one empty reference instead of
/// the room for all three. Immutable.
/// </summary>
/// <param name="TransportId">The copy's own id, or empty when it travels under the message's.</param>
/// <param name="RetryCount">How many delayed retries led to the copy.</param>
/// <param name="TargetHandler">The one handler the copy is for, or null.</param>
internal sealed record MessageCopy(Guid TransportId, int RetryCount, string? TargetHandler)
{
    /// <summary>The copy of the <paramref name="kind"/> of message <paramref name="copied"/> for <paramref name="handler"/>, with its id (<see cref="MessageCopyIds"/>).</summary>
    public static MessageCopy Of(MessageCopyKind kind, Guid copied, string handler, string? targetHandler, int retryCount) =>
        new(MessageCopyIds.Of(kind, copied, retryCount, handler), retryCount, targetHandler);

    /// <summary>Null when there is nothing to keep: a message that is no copy and is aimed at no handler.</summary>
    public static MessageCopy? OrNone(Guid transportId, int retryCount, string? targetHandler) =>
        transportId == Guid.Empty && retryCount == 0 && targetHandler is null ? null : new(transportId, retryCount, targetHandler);
}
