namespace Cqrs.EventSourcing;

/// <summary>Which messages each handler has handled, by message id, for handlers that must run once per message. Thread-safe.</summary>
public interface IInboxStore
{
    /// <summary>True when <paramref name="handler"/> has handled message <paramref name="messageId"/>.</summary>
    Task<bool> HasHandledAsync(string handler, Guid messageId, CancellationToken cancellationToken = default);

    /// <summary>Records that <paramref name="handler"/> handled message <paramref name="messageId"/>; recording twice is harmless.</summary>
    Task MarkHandledAsync(string handler, Guid messageId, CancellationToken cancellationToken = default);
}
