using System.Runtime.ExceptionServices;
using Cqrs.Transports;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Cqrs.EventSourcing;

/// <summary>
/// Relays what a store keeps as stored messages (the event outbox, the messages sagas decided, saga timeouts): claims
/// entries, publishes them in order under the ids they were stored with, and forgets them in the store once delivered
/// (handled by every in-process handler or dead-lettered, or taken by a broker), without the caller waiting. A crash
/// before that leaves them stored, for a sweep to publish again. Within this process an entry is published once at a
/// time: a claim per id keeps a sweep, or a repeat of its cause, off one under way, and off one delivered whose
/// forgetting failed (a sweep forgets that without publishing it again). The <see cref="IStoredMessageSource{T}"/> says
/// where the entries are and what forgetting means. Thread-safe.
/// </summary>
/// <typeparam name="T">An entry as the store keeps it.</typeparam>
internal sealed partial class StoredMessageRelay<T>(IStoredMessageSource<T> source, IServiceProvider services, ILogger logger)
{
    /// <summary>How long disposal waits for deliveries still under way after the transport stopped.</summary>
    private static readonly TimeSpan Grace = TimeSpan.FromSeconds(10);

    private readonly HashSet<Task> _settling = [];
    private ITransport? _transport;

    /// <summary>The transport, resolved on first use: the pipeline resolves handlers, which may depend on what uses this.</summary>
    public ITransport Transport => _transport ??= services.GetRequiredService<ITransport>();

    private IMessageStorePipeline Pipeline => field ??= services.GetRequiredService<IMessageStorePipeline>();

    /// <summary>
    /// Publishes <paramref name="claimed"/> (claimed here, all of one group) in order, stopping at the first hand-over
    /// that fails; those not handed over are unclaimed. Those handed over are forgotten in the background once
    /// delivered, even when a later one failed; those kept back undelivered (the transport stopped) are unclaimed.
    /// </summary>
    public async Task<StoredPublication> PublishAsync(IReadOnlyList<T> claimed, IMessageContext? cause, CancellationToken cancellationToken)
    {
        // Resolved before the first hand-over, so that disposal stops the transport that holds the deliveries.
        _ = Transport;
        var deliveries = new List<StoredDelivery>(claimed.Count);
        ExceptionDispatchInfo? failure = null;
        try
        {
            foreach (var entry in claimed)
            {
                var (message, delivery) = source.PublicationOf(entry);
                await Pipeline.PublishAsync(message, delivery, cause, cancellationToken).ConfigureAwait(false);
                deliveries.Add(delivery);
            }
        }
        catch (Exception exception)
        {
            failure = ExceptionDispatchInfo.Capture(exception);
        }

        for (var i = deliveries.Count; i < claimed.Count; i++)
        {
            Unclaim(source.IdOf(claimed[i]));
        }

        var settling = ForgetOnceDeliveredAsync(claimed, deliveries);
        Track(settling);
        return new StoredPublication(deliveries.Count, failure, settling);
    }

    /// <summary>
    /// Stops the transport (if one was used), which settles or sets aside every delivery, then waits up to
    /// <see cref="Grace"/> for the forgetting under way (a handler that ignores its cancellation must not hold disposal
    /// forever; what is abandoned stays stored, for the next start). The store, created before, is disposed after.
    /// </summary>
    public async ValueTask DisposeAsync()
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
        }
        catch (TimeoutException)
        {
            LogAbandoned(running.Count(task => !task.IsCompleted), source.Entries);
        }
    }

    /// <summary>
    /// Forgets the delivered; those kept back undelivered are unclaimed, for a later sweep. Delivered entries stay
    /// claimed until the store forgot them, and after that while a sweep that may have read them is under way. Never throws.
    /// </summary>
    private async Task<int> ForgetOnceDeliveredAsync(IReadOnlyList<T> claimed, List<StoredDelivery> deliveries)
    {
        if (deliveries.Count == 0)
        {
            return 0;
        }

        var delivered = new List<T>(deliveries.Count);
        for (var i = 0; i < deliveries.Count; i++)
        {
            if (await deliveries[i].Delivered.ConfigureAwait(false))
            {
                delivered.Add(claimed[i]);
            }
            else
            {
                Unclaim(source.IdOf(claimed[i]));
            }
        }

        if (delivered.Count == 0)
        {
            return 0;
        }

        var claims = MarkDelivered(delivered);
        try
        {
            await source.ForgetAsync(delivered, CancellationToken.None).ConfigureAwait(false);
            Release(delivered);
            return delivered.Count;
        }
        catch (Exception exception)
        {
            source.LogForgetFailed(exception, delivered);
            return 0;
        }
        finally
        {
            Settled(claims);
        }
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

    [LoggerMessage(Level = LogLevel.Warning, Message = "{Count} deliveries of {Entries} were still under way at disposal; they stay stored, and are published again at the next start.")]
    private partial void LogAbandoned(int count, string entries);
}

/// <summary>What <see cref="StoredMessageRelay{T}.PublishAsync"/> did.</summary>
/// <param name="HandedOver">How many entries, from the first, were handed over: the others were not published, and are unclaimed.</param>
/// <param name="Failure">The hand-over that failed, if one did.</param>
/// <param name="Settling">The forgetting of what was handed over, once delivered: how many it forgot; never faults.</param>
internal sealed record StoredPublication(int HandedOver, ExceptionDispatchInfo? Failure, Task<int> Settling);
