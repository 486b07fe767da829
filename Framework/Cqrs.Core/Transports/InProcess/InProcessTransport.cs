using System.Threading.Channels;
using Microsoft.Extensions.Logging;

namespace Cqrs.Transports.InProcess;

/// <summary>
/// Delivers messages to handlers in this process through a queue read by a fixed number of workers.
/// Messages from outside any handler wait for an admission slot when <see cref="InProcessOptions.MaxInFlight"/>
/// operations are under way: memory stays bounded however fast callers send.
/// </summary>
internal sealed partial class InProcessTransport : ITransport, IDisposable
{
    private readonly Channel<TransportMessage> _queue;
    private readonly SemaphoreSlim _slots;
    private readonly InProcessOptions _options;
    private readonly InProcessDeadLetterQueue _deadLetters;
    private readonly ILogger _logger;
    private readonly CancellationTokenSource _stopping = new();
    private readonly Lock _startLock = new();
    private Task[] _workers = [];
    private volatile bool _stopped;
    private Task? _stoppedTask;

    public InProcessTransport(InProcessOptions options, InProcessDeadLetterQueue deadLetters, ILogger<InProcessTransport> logger)
    {
        _options = options;
        _deadLetters = deadLetters;
        _logger = logger;
        _slots = new SemaphoreSlim(options.MaxInFlight, options.MaxInFlight);
        _queue = Channel.CreateUnbounded<TransportMessage>(new UnboundedChannelOptions
        {
            SingleReader = options.Concurrency == 1,
            SingleWriter = false,
            AllowSynchronousContinuations = false,
        });
    }

    public string Name => "inprocess";

    public bool HandlesLocallyOnly => true;

    public void Start(ITransportReceiver receiver)
    {
        lock (_startLock)
        {
            if (_workers.Length > 0)
            {
                throw new InvalidOperationException("The in-process transport is already started.");
            }

            _workers = new Task[_options.Concurrency];

            // The first send may come from inside someone's trace: workers must not inherit its Activity.Current.
            using (ExecutionContext.SuppressFlow())
            {
                for (var i = 0; i < _workers.Length; i++)
                {
                    _workers[i] = Task.Run(() => RunWorkerAsync(receiver));
                }
            }
        }
    }

    public async ValueTask SendAsync(TransportMessage message, TransportMessage? cause, CancellationToken cancellationToken)
    {
        if (cause?.TransportState is AdmissionTicket ticket)
        {
            ticket.AddMessage();
        }
        else
        {
            ObjectDisposedException.ThrowIf(_stopped, this);
            await _slots.WaitAsync(cancellationToken).ConfigureAwait(false);
            ticket = new AdmissionTicket(_slots);
        }

        message.TransportState = ticket;
        Enqueue(message);
    }

    public ValueTask ScheduleAsync(TransportMessage message, TimeSpan delay, CancellationToken cancellationToken)
    {
        (message.TransportState as AdmissionTicket)?.AddMessage();
        _ = DeliverLaterAsync(message, delay);
        return ValueTask.CompletedTask;
    }

    public ValueTask DeadLetterAsync(TransportMessage message, string reason, string description, CancellationToken cancellationToken)
    {
        _deadLetters.Add(new DeadLetter(
            message.WireName,
            message.MessageId,
            message.CorrelationId,
            reason,
            description,
            message.TargetHandler,
            message.Body,
            message.Payload));
        return ValueTask.CompletedTask;
    }

    /// <summary>
    /// Stops taking messages from outside, dead-letters delayed retries that are not yet due, waits (up to
    /// <see cref="InProcessOptions.ShutdownTimeout"/>) for operations under way to finish, then stops the workers.
    /// Only the first call does the work; later calls wait for it.
    /// </summary>
    public Task StopAsync()
    {
        lock (_startLock)
        {
            return _stoppedTask ??= StopOnceAsync();
        }
    }

    public async ValueTask DisposeAsync()
    {
        await StopAsync().ConfigureAwait(false);
        _stopping.Dispose();
    }

    /// <summary>For containers disposed synchronously.</summary>
    public void Dispose() => DisposeAsync().AsTask().GetAwaiter().GetResult();

    private async Task StopOnceAsync()
    {
        _stopped = true;
        await _stopping.CancelAsync().ConfigureAwait(false);
        var finished = await WaitForOperationsAsync().ConfigureAwait(false);
        _queue.Writer.TryComplete();
        if (finished)
        {
            await Task.WhenAll(_workers).ConfigureAwait(false);
        }
        else
        {
            // Workers stuck in handlers are left behind: the timeout bounds shutdown.
            LogShutdownTimedOut(_options.MaxInFlight - _slots.CurrentCount);
        }
    }

    private async Task<bool> WaitForOperationsAsync()
    {
        using var timeout = new CancellationTokenSource(_options.ShutdownTimeout);
        try
        {
            for (var i = 0; i < _options.MaxInFlight; i++)
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

    private void Enqueue(TransportMessage message)
    {
        message.DeliveryCount++;
        if (!_queue.Writer.TryWrite(message))
        {
            throw new ObjectDisposedException(nameof(InProcessTransport), "The in-process transport is stopped.");
        }
    }

    private async Task RunWorkerAsync(ITransportReceiver receiver)
    {
        var reader = _queue.Reader;
        while (await reader.WaitToReadAsync().ConfigureAwait(false))
        {
            while (reader.TryRead(out var message))
            {
                var disposition = await receiver.ReceiveAsync(message, CancellationToken.None).ConfigureAwait(false);
                await SettleAsync(message, disposition).ConfigureAwait(false);
            }
        }
    }

    private async ValueTask SettleAsync(TransportMessage message, Disposition disposition)
    {
        switch (disposition.Kind)
        {
            case DispositionKind.Abandon:
                Enqueue(message);
                return;
            case DispositionKind.DeadLetter:
                await DeadLetterAsync(message, disposition.Reason!, disposition.Description!, CancellationToken.None).ConfigureAwait(false);
                break;
        }

        (message.TransportState as AdmissionTicket)?.MessageDone();
    }

    private async Task DeliverLaterAsync(TransportMessage message, TimeSpan delay)
    {
        try
        {
            await Task.Delay(delay, _stopping.Token).ConfigureAwait(false);
            Enqueue(message);
        }
        catch (OperationCanceledException)
        {
            LogRetryAbandoned(message.WireName, message.MessageId);
            await SettleAsync(message, Disposition.DeadLetter(
                DeadLetterReasons.HandlerFailed,
                "The in-process transport stopped before this delayed retry came due.")).ConfigureAwait(false);
        }
    }

    [LoggerMessage(Level = LogLevel.Error, Message = "In-process transport stopped before the delayed retry of {WireName} {MessageId} came due; it is dead-lettered.")]
    private partial void LogRetryAbandoned(string wireName, Guid messageId);

    [LoggerMessage(Level = LogLevel.Error, Message = "In-process transport shutdown timed out with {Count} operations still under way.")]
    private partial void LogShutdownTimedOut(int count);
}
