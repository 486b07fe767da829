namespace Cqrs.EventSourcing;

/// <summary>Which messages each handler has handled, by message id, for handlers that must run once per message. Thread-safe.</summary>
public interface IInboxStore
{
    /// <summary>True when <paramref name="handler"/> has handled message <paramref name="messageId"/>.</summary>
    Task<bool> HasHandledAsync(string handler, Guid messageId, CancellationToken cancellationToken = default);

    /// <summary>Records that <paramref name="handler"/> handled message <paramref name="messageId"/>; recording twice is harmless.</summary>
    Task MarkHandledAsync(string handler, Guid messageId, CancellationToken cancellationToken = default);

    /// <summary>
    /// Forgets every message recorded as handled before <paramref name="handledBefore"/> (by the store's clock), so the
    /// inbox does not grow without bound; a message delivered again after that is handled again. The outbox sweep's
    /// host calls it with <see cref="EventSourcingOptions.InboxRetention"/>.
    /// </summary>
    /// <returns>How many records it removed.</returns>
    Task<int> PurgeHandledAsync(DateTimeOffset handledBefore, CancellationToken cancellationToken = default);
}
