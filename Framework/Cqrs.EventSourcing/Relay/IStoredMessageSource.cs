using Cqrs.Transports;

namespace Cqrs.EventSourcing;

/// <summary>
/// What a <see cref="StoredMessageRelay{T}"/> relays: where its entries are stored, the message each is published as,
/// and what "delivered" does to it in the store (marks it published, drops it from its saga, deletes it).
/// </summary>
/// <typeparam name="T">An entry as the store keeps it.</typeparam>
internal interface IStoredMessageSource<T>
{
    /// <summary>What the entries are, for log messages ("stored events", "saga timeouts").</summary>
    string Entries { get; }

    /// <summary>The id the entry is published under, by which the relay claims it.</summary>
    Guid IdOf(T entry);

    /// <summary>
    /// Entries of one group are published in order, stopping at the first that fails, and forgotten together; each
    /// group on its own. A constant puts a whole batch in one group.
    /// </summary>
    string GroupOf(T entry);

    /// <summary>The entry as the message it is published as, and its delivery.</summary>
    (StoredMessage Message, StoredDelivery Delivery) PublicationOf(T entry);

    /// <summary>The entries a sweep publishes next, oldest first where the store keeps an order.</summary>
    Task<IReadOnlyList<T>> ReadDueAsync(CancellationToken cancellationToken);

    /// <summary>Those of <paramref name="entries"/> that can be published; the source sets the others aside.</summary>
    Task<List<T>> PublishableAsync(List<T> entries, CancellationToken cancellationToken);

    /// <summary>Forgets delivered entries of one group in the store; doing so twice is harmless.</summary>
    Task ForgetAsync(IReadOnlyList<T> delivered, CancellationToken cancellationToken);

    /// <summary>
    /// After a sweep's read: whether the sweep reads again (waiting first, as the source needs, for what the read
    /// published to be forgotten, or for what it found under way here).
    /// </summary>
    ValueTask<bool> ReadAgainAsync(SweepPass pass, CancellationToken cancellationToken);

    /// <summary>Logs that the entries from <paramref name="first"/> on (<paramref name="count"/> of them) could not be handed over.</summary>
    void LogPublishFailed(Exception exception, T first, int count);

    /// <summary>Logs that delivered entries could not be forgotten; a sweep forgets them later without publishing them again.</summary>
    void LogForgetFailed(Exception exception, IReadOnlyList<T> delivered);
}
