using System.Collections.Concurrent;
using Cqrs.Transports;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

namespace Cqrs.EventSourcing;

/// <summary>
/// Under a host, publishes what sagas left pending at start (see <see cref="SagaOutbox.SweepAsync"/>), and fires
/// stored saga timeouts when due: at start (timeouts that came due while no process ran) and then
/// whenever one comes due, this process stores one, or <see cref="SagaOptions.TimeoutPollInterval"/> passes (another
/// process may have stored one). A timeout goes through the pipeline as a command under its own id, and leaves the
/// store once delivered (handled, dead-lettered, or taken by a broker): a crash before that fires it again, and the
/// saga, which keeps the ids of the messages it handled, skips the repeat. Thread-safe.
/// </summary>
internal sealed partial class SagaTimeoutScheduler(SagaServices services, ILogger<SagaTimeoutScheduler> logger) : BackgroundService
{
    private readonly ConcurrentDictionary<Guid, byte> _firing = new();

    /// <summary>Fires every timeout due now that is not being fired already; returns how many it fired.</summary>
    public async Task<int> FireDueAsync(CancellationToken cancellationToken)
    {
        var due = await services.Store.ReadDueTimeoutsAsync(services.Clock.GetUtcNow(), services.Options.TimeoutBatchSize, cancellationToken).ConfigureAwait(false);
        var fired = 0;
        foreach (var timeout in due)
        {
            if (_firing.TryAdd(timeout.TimeoutId, 0))
            {
                await FireAsync(timeout, cancellationToken).ConfigureAwait(false);
                fired++;
            }
        }

        return fired;
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
                await FireDueAsync(stoppingToken).ConfigureAwait(false);
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

    private async Task FireAsync(SagaTimeoutRecord timeout, CancellationToken cancellationToken)
    {
        var delivery = new StoredDelivery(SagaOutbox.PositionOf(timeout.SagaType, timeout.SagaId));
        var message = new StoredMessage(timeout.WireName, timeout.TimeoutId, timeout.CorrelationId, timeout.CausationId, timeout.Body, delivery.Position);
        try
        {
            await services.Pipeline.PublishAsync(message, delivery, validated: true, cause: null, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception exception) when (exception is not OperationCanceledException)
        {
            _firing.TryRemove(timeout.TimeoutId, out _);
            LogTimeoutFailed(exception, timeout.WireName, timeout.SagaType, timeout.SagaId);
            return;
        }
        catch
        {
            _firing.TryRemove(timeout.TimeoutId, out _);
            throw;
        }

        _ = ForgetOnceDeliveredAsync(timeout, delivery);
    }

    /// <summary>Deletes a delivered timeout; one kept back undelivered (the transport stopped) stays stored, for a later start.</summary>
    private async Task ForgetOnceDeliveredAsync(SagaTimeoutRecord timeout, StoredDelivery delivery)
    {
        try
        {
            if (await delivery.Delivered.ConfigureAwait(false))
            {
                await services.Store.DeleteTimeoutAsync(timeout.TimeoutId, CancellationToken.None).ConfigureAwait(false);
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

    [LoggerMessage(Level = LogLevel.Warning, Message = "Could not publish what sagas left pending; it stays pending, for the next start.")]
    private partial void LogSweepFailed(Exception exception);

    [LoggerMessage(Level = LogLevel.Warning, Message = "Could not look for due saga timeouts; trying again.")]
    private partial void LogFiringFailed(Exception exception);

    [LoggerMessage(Level = LogLevel.Warning, Message = "Could not fire or forget timeout {WireName} of saga {SagaType} '{SagaId}'; it stays stored and fires again.")]
    private partial void LogTimeoutFailed(Exception exception, string wireName, string sagaType, string sagaId);
}
