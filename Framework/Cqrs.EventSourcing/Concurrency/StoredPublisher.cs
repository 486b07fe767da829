using System.Runtime.ExceptionServices;
using Cqrs.Transports;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.EventSourcing;

/// <summary>
/// What the event outbox, the saga outbox and the saga timeout scheduler share: publishing what a store keeps as
/// stored messages, in order, under the ids they were stored with, and acting on them once delivered (marking them
/// published, forgetting them, deleting them) without the caller waiting. That action is kept until it ends, so that
/// disposal can stop the transport (which settles or sets aside every delivery) and wait for it, a bounded time.
/// Claims stay with each caller: what they keep off differs. Thread-safe.
/// </summary>
internal sealed class StoredPublisher(IServiceProvider services)
{
    /// <summary>How long disposal waits for deliveries still under way after the transport stopped.</summary>
    private static readonly TimeSpan Grace = TimeSpan.FromSeconds(10);

    private readonly HashSet<Task> _settling = [];
    private ITransport? _transport;

    /// <summary>The transport, resolved on first use: the pipeline resolves handlers, which may depend on what uses this.</summary>
    public ITransport Transport => _transport ??= services.GetRequiredService<ITransport>();

    private IMessageStorePipeline Pipeline => field ??= services.GetRequiredService<IMessageStorePipeline>();

    /// <summary>
    /// Publishes <paramref name="items"/> in order, each as the message and delivery <paramref name="publicationOf"/>
    /// makes of it, stopping at the first hand-over that fails, and calls
    /// <paramref name="onceSettled"/> in the background with those handed over, split into the delivered and those kept
    /// back undelivered (the transport stopped). <paramref name="onceSettled"/> must not throw.
    /// </summary>
    public async Task<StoredPublication> PublishAsync<T>(
        IReadOnlyList<T> items,
        Func<T, (StoredMessage Message, StoredDelivery Delivery)> publicationOf,
        bool validated,
        IMessageContext? cause,
        Func<List<T>, List<T>, Task> onceSettled,
        CancellationToken cancellationToken)
    {
        // Resolved before the first hand-over, so that disposal stops the transport that holds the deliveries.
        _ = Transport;
        var deliveries = new List<StoredDelivery>(items.Count);
        ExceptionDispatchInfo? failure = null;
        try
        {
            foreach (var item in items)
            {
                var (message, delivery) = publicationOf(item);
                await Pipeline.PublishAsync(message, delivery, validated, cause, cancellationToken).ConfigureAwait(false);
                deliveries.Add(delivery);
            }
        }
        catch (Exception exception)
        {
            failure = ExceptionDispatchInfo.Capture(exception);
        }

        var settling = SettleAsync(items, deliveries, onceSettled);
        Track(settling);
        return new StoredPublication(deliveries.Count, failure, settling);
    }

    /// <summary>
    /// Stops the transport (if one was used), then waits up to <see cref="Grace"/> for the actions under way: a handler
    /// that ignores its cancellation must not hold disposal forever. Returns how many are still running.
    /// </summary>
    public async Task<int> StopThenWaitAsync()
    {
        if (_transport is not null)
        {
            await _transport.StopAsync().ConfigureAwait(false);
        }

        Task[] running;
        lock (_settling)
        {
            running = [.. _settling];
        }

        try
        {
            await Task.WhenAll(running).WaitAsync(Grace).ConfigureAwait(false);
            return 0;
        }
        catch (TimeoutException)
        {
            return running.Count(task => !task.IsCompleted);
        }
    }

    private static async Task SettleAsync<T>(IReadOnlyList<T> items, List<StoredDelivery> deliveries, Func<List<T>, List<T>, Task> onceSettled)
    {
        if (deliveries.Count == 0)
        {
            return;
        }

        var delivered = new List<T>(deliveries.Count);
        var kept = new List<T>();
        for (var i = 0; i < deliveries.Count; i++)
        {
            (await deliveries[i].Delivered.ConfigureAwait(false) ? delivered : kept).Add(items[i]);
        }

        await onceSettled(delivered, kept).ConfigureAwait(false);
    }

    private void Track(Task work)
    {
        if (work.IsCompleted)
        {
            return;
        }

        lock (_settling)
        {
            _settling.Add(work);
        }

        work.ContinueWith(
            static (done, state) =>
            {
                var running = (HashSet<Task>)state!;
                lock (running)
                {
                    running.Remove(done);
                }
            },
            _settling,
            CancellationToken.None,
            TaskContinuationOptions.ExecuteSynchronously,
            TaskScheduler.Default);
    }
}

/// <summary>What <see cref="StoredPublisher.PublishAsync"/> did.</summary>
/// <param name="HandedOver">How many items, from the first, were handed over: the others were not published.</param>
/// <param name="Failure">The hand-over that failed, if one did.</param>
/// <param name="Settling">The action on what was handed over, once delivered; never faults.</param>
internal sealed record StoredPublication(int HandedOver, ExceptionDispatchInfo? Failure, Task Settling);
