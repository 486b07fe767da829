namespace Cqrs.Testing.Domain.Probes;

/// <summary>
/// What the test domain's handlers saw, one <see cref="Delivery"/> per call (failed attempts included), and
/// a way to wait for what a test expects. One per container. Thread-safe.
/// </summary>
public sealed class Recorder
{
    private readonly Lock _lock = new();
    private readonly List<Delivery> _deliveries = [];
    private readonly List<(Func<IReadOnlyList<Delivery>, bool> Condition, TaskCompletionSource Met)> _waiters = [];

    /// <summary>Every call so far, oldest first.</summary>
    public IReadOnlyList<Delivery> Deliveries
    {
        get
        {
            lock (_lock)
            {
                return [.. _deliveries];
            }
        }
    }

    /// <summary>Records a call and returns its attempt number: how many times this handler has now seen this message id.</summary>
    public int Record(object handler, object message, IMessageContext context, object? note = null)
    {
        var delivery = new Delivery(
            handler.GetType(),
            message,
            context.MessageId,
            context.CorrelationId,
            context.CausationId,
            context.WireName,
            context.DeliveryCount,
            context.EnqueuedTime,
            DateTimeOffset.UtcNow,
            note);
        lock (_lock)
        {
            _deliveries.Add(delivery);
            _waiters.RemoveAll(waiter => waiter.Condition(_deliveries) && waiter.Met.TrySetResult());
            return _deliveries.Count(seen => seen.Handler == delivery.Handler && seen.MessageId == delivery.MessageId);
        }
    }

    /// <summary>Calls of <typeparamref name="THandler"/> so far.</summary>
    public IReadOnlyList<Delivery> Of<THandler>() => [.. Deliveries.Where(delivery => delivery.Handler == typeof(THandler))];

    /// <summary>Waits until <typeparamref name="THandler"/> has been called <paramref name="count"/> times, and returns those calls.</summary>
    /// <exception cref="TimeoutException">Not within <see cref="Patience.Timeout"/>.</exception>
    public async Task<IReadOnlyList<Delivery>> WaitForAsync<THandler>(int count = 1)
    {
        await WaitUntilAsync(deliveries => deliveries.Count(delivery => delivery.Handler == typeof(THandler)) >= count);
        return Of<THandler>();
    }

    /// <summary>Waits until <paramref name="condition"/> holds for the calls so far.</summary>
    /// <exception cref="TimeoutException">Not within <see cref="Patience.Timeout"/>.</exception>
    public Task WaitUntilAsync(Func<IReadOnlyList<Delivery>, bool> condition)
    {
        var met = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        lock (_lock)
        {
            if (condition(_deliveries))
            {
                return Task.CompletedTask;
            }

            _waiters.Add((condition, met));
        }

        return met.Task.WaitAsync(Patience.Timeout);
    }
}
