using System.Collections.Concurrent;
using System.Diagnostics;
using Cqrs.Transports;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

namespace Cqrs.EventSourcing;

/// <summary>
/// Under a host, publishes what sagas left pending at start (see <see cref="SagaOutbox.SweepAsync"/>), and fires
/// stored saga timeouts: at start (timeouts that came due while no process ran) and then whenever one comes due, this
/// process stores one, or <see cref="SagaOptions.TimeoutPollInterval"/> passes (another process may have stored one).
/// A timeout goes through the pipeline as a command under its own id, and leaves the store once delivered (handled,
/// dead-lettered, or taken by a broker): a crash before that fires it again, and the saga, which keeps the ids of the
/// messages it handled, skips the repeat. Over a transport that schedules durably (<see cref="ITransport.SchedulesDurably"/>,
/// Service Bus) a timeout is fired as soon as it is stored, as a message the broker delivers at its due time, and
/// leaves the store once the broker took it. Its handling links to the trace that requested it. Thread-safe.
/// </summary>
internal sealed partial class SagaTimeoutScheduler(SagaServices services, IServiceProvider provider, ILogger<SagaTimeoutScheduler> logger)
    : BackgroundService, IAsyncDisposable
{
    private readonly ConcurrentDictionary<Guid, byte> _firing = new();
    private readonly StoredPublisher _publisher = new(provider);
    private int _forgotten;

    /// <summary>
    /// Fires every timeout due now (over a transport that schedules durably: every timeout stored) that is not being
    /// fired already, up to <see cref="SagaOptions.TimeoutBatchSize"/>; returns how many it fired.
    /// </summary>
    public async Task<int> FireDueAsync(CancellationToken cancellationToken) =>
        (await FireBatchAsync(cancellationToken).ConfigureAwait(false)).Settling.Count;

    /// <summary>Fires one batch; says whether the store had a full batch due, and what settles each timeout fired.</summary>
    private async Task<(bool Full, List<Task> Settling)> FireBatchAsync(CancellationToken cancellationToken)
    {
        var dueBy = _publisher.Transport.SchedulesDurably ? DateTimeOffset.MaxValue : services.Clock.GetUtcNow();
        var batchSize = services.Options.TimeoutBatchSize;
        var due = await services.Store.ReadDueTimeoutsAsync(dueBy, batchSize, cancellationToken).ConfigureAwait(false);
        var settling = new List<Task>(due.Count);
        foreach (var timeout in due)
        {
            if (_firing.TryAdd(timeout.TimeoutId, 0))
            {
                settling.Add(await FireAsync(timeout, cancellationToken).ConfigureAwait(false));
            }
        }

        return (due.Count == batchSize, settling);
    }

    protected override async Task ExecuteAsync(CancellationToken stoppingToken)
    {
        if (!services.HasStore)
        {
            return;
        }

        // Alongside the timeouts, not before them: the sweep waits for what it publishes to be handled.
        var sweeping = SweepOutboxAsync(stoppingToken);
        try
        {
            await FireUntilStoppedAsync(stoppingToken).ConfigureAwait(false);
        }
        finally
        {
            await sweeping.ConfigureAwait(false);
        }
    }

    private async Task FireUntilStoppedAsync(CancellationToken stoppingToken)
    {
        while (!stoppingToken.IsCancellationRequested)
        {
            var requested = services.Timeouts.Next;
            try
            {
                // A full batch means more may be due: the next is read once this one is settled (delivered and deleted,
                // or left stored by a failure), at once rather than after a poll; a batch that deleted none (the store
                // failing) waits, so as not to spin on it.
                var forgotten = Volatile.Read(ref _forgotten);
                var (full, settling) = await FireBatchAsync(stoppingToken).ConfigureAwait(false);
                if (full && settling.Count > 0)
                {
                    await Task.WhenAll(settling).WaitAsync(stoppingToken).ConfigureAwait(false);
                    if (Volatile.Read(ref _forgotten) != forgotten)
                    {
                        continue;
                    }
                }

                await WaitAsync(requested, stoppingToken).ConfigureAwait(false);
            }
            catch (OperationCanceledException) when (stoppingToken.IsCancellationRequested)
            {
                return;
            }
            catch (Exception exception)
            {
                LogFiringFailed(exception);
                try
                {
                    await Task.Delay(services.Options.TimeoutPollInterval, services.Clock, stoppingToken).ConfigureAwait(false);
                }
                catch (OperationCanceledException)
                {
                    return;
                }
            }
        }
    }

    /// <summary>
    /// Publishes what sagas decided but a process that stopped or died did not get delivered: nothing else would, since
    /// their causes (a timeout deleted once handled, say) may never come again. Once, at start: within a process,
    /// what fails to be handed over fails its cause's handler, whose retry publishes it again.
    /// </summary>
    private async Task SweepOutboxAsync(CancellationToken stoppingToken)
    {
        try
        {
            await services.Outbox.SweepAsync(services.Store, stoppingToken).ConfigureAwait(false);
        }
        catch (Exception exception) when (!stoppingToken.IsCancellationRequested)
        {
            LogSweepFailed(exception);
        }
        catch (OperationCanceledException)
        {
            // Stopped while sweeping: what is left stays pending, for the next start.
        }
    }

    /// <summary>Until the next timeout is due, one is requested here, or the poll interval passes, whichever is first.</summary>
    private async Task WaitAsync(Task requested, CancellationToken stoppingToken)
    {
        var now = services.Clock.GetUtcNow();
        var wait = services.Options.TimeoutPollInterval;
        if (await services.Store.NextTimeoutAfterAsync(now, stoppingToken).ConfigureAwait(false) is { } next && next - now < wait)
        {
            wait = next - now;
        }

        using var delay = CancellationTokenSource.CreateLinkedTokenSource(stoppingToken);
        var elapsed = Task.Delay(wait, services.Clock, delay.Token);
        await Task.WhenAny(requested, elapsed).ConfigureAwait(false);
        await delay.CancelAsync().ConfigureAwait(false);
        stoppingToken.ThrowIfCancellationRequested();
    }

    /// <summary>
    /// Stops the transport, which settles or sets aside every delivery, then waits a bounded time for the deletions of
    /// delivered timeouts under way (see <see cref="StoredPublisher.StopThenWaitAsync"/>; an abandoned one stays
    /// stored and fires again). The store, created before this, is disposed after it.
    /// </summary>
    public async ValueTask DisposeAsync()
    {
        base.Dispose();
        await WaitForForgettingAsync().ConfigureAwait(false);
    }

    /// <summary>For containers disposed synchronously.</summary>
    public override void Dispose()
    {
        base.Dispose();
        WaitForForgettingAsync().GetAwaiter().GetResult();
    }

    private async Task WaitForForgettingAsync()
    {
        if (await _publisher.StopThenWaitAsync().ConfigureAwait(false) is > 0 and var abandoned)
        {
            LogForgettingAbandoned(abandoned);
        }
    }

    /// <summary>Fires one timeout; returns what settles it (never faults), a completed task when it was not handed over.</summary>
    private async Task<Task> FireAsync(SagaTimeoutRecord timeout, CancellationToken cancellationToken)
    {
        var publication = await _publisher.PublishAsync(
            [timeout],
            PublicationOf,
            validated: true,
            cause: null,
            (delivered, _) => ForgetOnceDeliveredAsync(timeout, delivered.Count > 0),
            cancellationToken).ConfigureAwait(false);
        if (publication.Failure is not { } failure)
        {
            return publication.Settling;
        }

        _firing.TryRemove(timeout.TimeoutId, out _);
        if (failure.SourceException is OperationCanceledException)
        {
            failure.Throw();
        }

        LogTimeoutFailed(failure.SourceException, timeout.WireName, timeout.SagaType, timeout.SagaId);
        return Task.CompletedTask;
    }

    /// <summary>
    /// The timeout as the message it is delivered as, and its delivery: due at once, or handed to a transport that
    /// schedules durably to be delivered when due; linked to the trace of the message that requested it.
    /// </summary>
    private (StoredMessage Message, StoredDelivery Delivery) PublicationOf(SagaTimeoutRecord timeout)
    {
        var position = SagaOutbox.PositionOf(timeout.SagaType, timeout.SagaId);
        var message = new StoredMessage(timeout.WireName, timeout.TimeoutId, timeout.CorrelationId, timeout.CausationId, timeout.Body, position);
        var delivery = new StoredDelivery(position)
        {
            DeliverAt = _publisher.Transport.SchedulesDurably ? timeout.DueAt : null,
            LinkedTrace = ActivityContext.TryParse(timeout.TraceParent, null, isRemote: true, out var requestedIn) ? requestedIn : default,
        };
        return (message, delivery);
    }

    /// <summary>Deletes a delivered timeout; one kept back undelivered (the transport stopped) stays stored, for a later start.</summary>
    private async Task ForgetOnceDeliveredAsync(SagaTimeoutRecord timeout, bool delivered)
    {
        try
        {
            if (delivered)
            {
                await services.Store.DeleteTimeoutAsync(timeout.TimeoutId, CancellationToken.None).ConfigureAwait(false);
                Interlocked.Increment(ref _forgotten);
            }
        }
        catch (Exception exception)
        {
            LogTimeoutFailed(exception, timeout.WireName, timeout.SagaType, timeout.SagaId);
        }
        finally
        {
            _firing.TryRemove(timeout.TimeoutId, out _);
        }
    }

    [LoggerMessage(Level = LogLevel.Warning, Message = "{Count} deliveries of saga timeouts were still under way at disposal; they stay stored, and fire again at the next start.")]
    private partial void LogForgettingAbandoned(int count);

    [LoggerMessage(Level = LogLevel.Warning, Message = "Could not publish what sagas left pending; it stays pending, for the next start.")]
    private partial void LogSweepFailed(Exception exception);

    [LoggerMessage(Level = LogLevel.Warning, Message = "Could not look for due saga timeouts; trying again.")]
    private partial void LogFiringFailed(Exception exception);

    [LoggerMessage(Level = LogLevel.Warning, Message = "Could not fire or forget timeout {WireName} of saga {SagaType} '{SagaId}'; it stays stored and fires again.")]
    private partial void LogTimeoutFailed(Exception exception, string wireName, string sagaType, string sagaId);
}
