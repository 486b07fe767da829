using System.Collections.Concurrent;
using Sample.Domain.Accounts;

namespace Cqrs.EventSourcing.Tests.Support;

/// <summary>Counts deliveries of each deposit by message id, to catch an event published twice or never.</summary>
public sealed class Deliveries
{
    private readonly ConcurrentDictionary<Guid, int> _counts = new();
    private int _total;

    public int Total => Volatile.Read(ref _total);

    public IReadOnlyDictionary<Guid, int> ByMessageId => _counts;

    internal void Record(Guid messageId)
    {
        _counts.AddOrUpdate(messageId, 1, (_, count) => count + 1);
        Interlocked.Increment(ref _total);
    }

    /// <summary>Waits until <paramref name="count"/> deliveries arrived, or fails past <see cref="Patience.Timeout"/>.</summary>
    public Task WaitForAsync(int count) =>
        Patience.WaitUntilAsync(() => Task.FromResult(Total >= count), () => $"Only {Total} of {count} deliveries arrived.");
}

public sealed class CountDeposits(Deliveries deliveries) : IEventHandler<MoneyDeposited>
{
    public ValueTask HandleAsync(MoneyDeposited @event, IMessageContext context, CancellationToken cancellationToken)
    {
        deliveries.Record(context.MessageId);
        return ValueTask.CompletedTask;
    }
}
