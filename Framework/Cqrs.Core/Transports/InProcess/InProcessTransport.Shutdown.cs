using Microsoft.Extensions.Logging;

namespace Cqrs.Transports.InProcess;

/// <summary>Stopping: what finishes, what is cancelled, and where the messages that could not be handled go.</summary>
internal sealed partial class InProcessTransport
{
    /// <summary>Fires when a stop begins: no more messages from outside, and delayed retries are set aside.</summary>
    private readonly CancellationTokenSource _stopRequested = new();

    /// <summary>The handlers' token: fires once the shutdown timeout is over.</summary>
    private readonly CancellationTokenSource _cancelHandlers = new();

    private int _slotsTaken;
    private Task? _stoppedTask;

    /// <summary>
    /// Stops taking messages from outside and sets aside delayed retries that are not yet due; gives the operations
    /// under way <see cref="InProcessOptions.ShutdownTimeout"/> to finish; then cancels the handlers' token, sets aside
    /// what is still queued, and gives the handlers as long again to stop. Set aside means: kept in its event store's
    /// outbox (a stored event), else dead-lettered with its reason. Only the first call does the work; later calls
    /// wait for it.
    /// </summary>
    public Task StopAsync()
    {
        lock (_startLock)
        {
            return _stoppedTask ??= StopOnceAsync();
        }
    }

    public async ValueTask DisposeAsync() => await StopAsync().ConfigureAwait(false);

    /// <summary>For containers disposed synchronously.</summary>
    public void Dispose() => StopAsync().GetAwaiter().GetResult();

    private async Task StopOnceAsync()
    {
        await _stopRequested.CancelAsync().ConfigureAwait(false);
        var finished = await TakeEverySlotAsync().ConfigureAwait(false);
        if (!finished)
        {
            await _cancelHandlers.CancelAsync().ConfigureAwait(false);
            finished = await TakeEverySlotAsync().ConfigureAwait(false);
        }

        _queue.Writer.TryComplete();
        foreach (var waiting in _commandTurns.Close().Concat(_eventTurns.Close()))
        {
            Interlocked.Decrement(ref _queued);
            SetAside(waiting, DeadLetterReasons.Shutdown, "The in-process transport stopped before its ordering key's turn came.");
        }

        if (finished)
        {
            await Task.WhenAll(_workers).ConfigureAwait(false);
        }
        else
        {
            // Handlers that ignore their token are left behind: the timeout bounds shutdown.
            LogShutdownTimedOut(_options.MaxInFlight - _slotsTaken);
        }
    }

    /// <summary>Waits, up to the shutdown timeout, until every operation is done: each slot, once free, is kept.</summary>
    private async Task<bool> TakeEverySlotAsync()
    {
        using var timeout = new CancellationTokenSource(_options.ShutdownTimeout);
        try
        {
            for (; _slotsTaken < _options.MaxInFlight; _slotsTaken++)
            {
                await _slots.WaitAsync(timeout.Token).ConfigureAwait(false);
            }

            return true;
        }
        catch (OperationCanceledException)
        {
            return false;
        }
    }

    /// <summary>A message that cannot be handled now: a stored event stays in its outbox; any other is dead-lettered.</summary>
    private void SetAside(TransportMessage message, string reason, string description)
    {
        if (message.Stored is { } stored)
        {
            stored.CopyKept();
            LogKeptInOutbox(message.WireName, message.MessageId, description);
        }
        else
        {
            AddDeadLetter(message, reason, description);
            LogDeadLettered(message.WireName, message.MessageId, reason, description);
        }

        MessageDone(message);
    }

    [LoggerMessage(Level = LogLevel.Warning, Message = "{WireName} {MessageId} stays in its event store's outbox, to be published again: {Description}")]
    private partial void LogKeptInOutbox(string wireName, Guid messageId, string description);

    [LoggerMessage(Level = LogLevel.Error, Message = "Dead-lettered {WireName} {MessageId}: {Reason}: {Description}")]
    private partial void LogDeadLettered(string wireName, Guid messageId, string reason, string description);

    [LoggerMessage(Level = LogLevel.Error, Message = "In-process transport shutdown timed out with {Count} operations still under way.")]
    private partial void LogShutdownTimedOut(int count);
}
