namespace Cqrs.EventSourcing.InMemory;

/// <summary>The inbox in memory: which handler has handled which message, and when. Thread-safe.</summary>
/// <param name="storage">What the in-memory stores keep; its clock stamps the records.</param>
public sealed class InMemoryInboxStore(InMemoryStorage storage) : IInboxStore
{
    private readonly Lock _lock = new();
    private readonly Dictionary<(string Handler, Guid MessageId), DateTimeOffset> _inbox = [];

    /// <inheritdoc/>
    public Task<bool> HasHandledAsync(string handler, Guid messageId, CancellationToken cancellationToken = default)
    {
        lock (_lock)
        {
            return Task.FromResult(_inbox.ContainsKey((handler, messageId)));
        }
    }

    /// <inheritdoc/>
    public Task MarkHandledAsync(string handler, Guid messageId, CancellationToken cancellationToken = default)
    {
        lock (_lock)
        {
            _inbox.TryAdd((handler, messageId), storage.Clock.GetUtcNow());
        }

        return Task.CompletedTask;
    }

    /// <inheritdoc/>
    public Task<int> PurgeHandledAsync(DateTimeOffset handledBefore, CancellationToken cancellationToken = default)
    {
        lock (_lock)
        {
            var expired = _inbox.Where(record => record.Value < handledBefore).Select(record => record.Key).ToList();
            foreach (var key in expired)
            {
                _inbox.Remove(key);
            }

            return Task.FromResult(expired.Count);
        }
    }
}
