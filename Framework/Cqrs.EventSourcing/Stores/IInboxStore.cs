namespace Cqrs.EventSourcing;

/// <summary>
/// Which messages each handler has handled, by message id, and which it is handling now, for handlers that must run once
/// per message. A handler claims a message before its work, for a lease, and marks it handled after: the claim keeps a
/// second instance from doing the work at the same time, and the record keeps any later delivery from doing it again.
/// Every method is atomic across the processes that share the store. Thread-safe.
/// </summary>
public interface IInboxStore
{
    /// <summary>
    /// Claims message <paramref name="messageId"/> for <paramref name="handler"/> until <paramref name="lease"/> from now
    /// (by the store's clock). It succeeds when the message has no claim, when its claim's lease has run out (its
    /// claimant crashed) or when the claim is <paramref name="claimant"/>'s own (which extends it).
    /// </summary>
    /// <param name="handler">The handler's name.</param>
    /// <param name="messageId">The message's id.</param>
    /// <param name="claimant">Who claims: one id per attempt, so that only it extends or releases its claim.</param>
    /// <param name="lease">How long the claim holds unless extended; positive.</param>
    /// <param name="cancellationToken">Cancels the claim.</param>
    /// <returns>Whether the claim is now the caller's, the message is handled already, or another live claim holds it.</returns>
    Task<InboxClaim> ClaimAsync(string handler, Guid messageId, Guid claimant, TimeSpan lease, CancellationToken cancellationToken = default);

    /// <summary>
    /// Drops <paramref name="claimant"/>'s claim, when the work failed, so that a retry need not wait out the lease; does
    /// nothing when the claim has passed to another claimant or the message is handled.
    /// </summary>
    Task ReleaseClaimAsync(string handler, Guid messageId, Guid claimant, CancellationToken cancellationToken = default);

    /// <summary>
    /// Records that <paramref name="handler"/> handled message <paramref name="messageId"/>, whoever holds its claim: the
    /// claim becomes the record, which is final (no claim succeeds on it). Recording twice is harmless.
    /// </summary>
    Task MarkHandledAsync(string handler, Guid messageId, CancellationToken cancellationToken = default);

    /// <summary>
    /// Forgets every message recorded as handled before <paramref name="handledBefore"/> (by the store's clock), and every
    /// claim whose lease ran out before it, so that the inbox does not grow without bound; a message delivered again
    /// after that is handled again. The outbox sweep's host calls it with <see cref="EventSourcingOptions.InboxRetention"/>.
    /// </summary>
    /// <returns>How many records and claims it removed.</returns>
    Task<int> PurgeHandledAsync(DateTimeOffset handledBefore, CancellationToken cancellationToken = default);
}
