namespace Cqrs.EventSourcing.InMemory;

/// <summary>The inbox in memory: which handler has handled which message, and when, and the claims under way. Thread-safe.</summary>
/// <param name="storage">What the in-memory stores keep; its clock stamps the records and times the claims.</param>
public sealed class InMemoryInboxStore(InMemoryStorage storage) : IInboxStore
{
    private readonly Lock _lock = new();
    private readonly Dictionary<(string Handler, Guid MessageId), DateTimeOffset> _inbox = [];
    private readonly Dictionary<(string Handler, Guid MessageId), (Guid Claimant, DateTimeOffset Until)> _claims = [];

    /// <inheritdoc/>
    public Task<InboxClaim> ClaimAsync(string handler, Guid messageId, Guid claimant, TimeSpan lease, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(handler);
        ArgumentOutOfRangeException.ThrowIfLessThanOrEqual(lease, TimeSpan.Zero);
        var now = storage.Clock.GetUtcNow();
        lock (_lock)
        {
            if (_inbox.ContainsKey((handler, messageId)))
            {
                return Task.FromResult(InboxClaim.Handled);
            }

            if (_claims.TryGetValue((handler, messageId), out var held) && held.Claimant != claimant && held.Until > now)
            {
                return Task.FromResult(InboxClaim.HeldElsewhere);
            }

            _claims[(handler, messageId)] = (claimant, now + lease);
            return Task.FromResult(InboxClaim.Claimed);
        }
    }

    /// <inheritdoc/>
    public Task ReleaseClaimAsync(string handler, Guid messageId, Guid claimant, CancellationToken cancellationToken = default)
    {
        lock (_lock)
        {
            if (_claims.TryGetValue((handler, messageId), out var held) && held.Claimant == claimant)
            {
                _claims.Remove((handler, messageId));
            }
        }

        return Task.CompletedTask;
    }

    /// <inheritdoc/>
    public Task MarkHandledAsync(string handler, Guid messageId, CancellationToken cancellationToken = default)
    {
        lock (_lock)
        {
            _inbox.TryAdd((handler, messageId), storage.Clock.GetUtcNow());
            _claims.Remove((handler, messageId));
        }

        return Task.CompletedTask;
    }

    /// <inheritdoc/>
    public Task<int> PurgeHandledAsync(DateTimeOffset handledBefore, CancellationToken cancellationToken = default)
    {
        lock (_lock)
        {
            var expired = _inbox.Where(record => record.Value < handledBefore).Select(record => record.Key).ToList();
            var lapsed = _claims.Where(claim => claim.Value.Until < handledBefore).Select(claim => claim.Key).ToList();
            expired.ForEach(key => _inbox.Remove(key));
            lapsed.ForEach(key => _claims.Remove(key));
            return Task.FromResult(expired.Count + lapsed.Count);
        }
    }
}
