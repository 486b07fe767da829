using System.Threading.Channels;
using Microsoft.Extensions.Logging;

namespace Cqrs.Transports.InProcess;

/// <summary>
/// Delivers messages to handlers in this process through a queue read by a fixed number of workers.
/// Messages from outside any handler wait for an admission slot when <see cref="InProcessOptions.MaxInFlight"/>
/// operations are under way; a handler's messages past <see cref="InProcessOptions.MaxQueuedMessages"/> are handled
/// in the handler's own call. Memory stays bounded however fast callers and handlers send. Messages with an ordering
/// key take turns (<see cref="KeyTurns"/>): one of a key at a time is with the workers, the next joining the queue once
/// it is settled, so they are handled one at a time, in the order sent, by whichever worker is free. Commands and events take turns apart, as they travel apart on a
/// broker (a queue, a subscription): a key's commands never wait for its events. Delayed retries come due on the
/// container's <see cref="TimeProvider"/>.
/// </summary>
internal sealed partial class InProcessTransport : ITransport, IDisposable
{
    private readonly Channel<TransportMessage> _queue;
    private readonly KeyTurns _commandTurns = new();
    private readonly KeyTurns _eventTurns = new();
    private readonly IMessageDirectory _directory;
    private readonly TimeProvider _clock;
    private readonly SemaphoreSlim _slots;
    private readonly InProcessOptions _options;
    private readonly InProcessDeadLetterQueue _deadLetters;
    private readonly ILogger _logger;
    private readonly Lock _startLock = new();
    private ITransportReceiver? _receiver;
    private Task[] _workers = [];
    private int _queued;

    public InProcessTransport(
        InProcessOptions options, InProcessDeadLetterQueue deadLetters, IMessageDirectory directory, TimeProvider clock, ILogger<InProcessTransport> logger)
    {
        _options = options;
        _deadLetters = deadLetters;
        _directory = directory;
        _clock = clock;
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

            _receiver = receiver;
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

    /// <summary>
    /// A message from outside waits for a slot. A handler's message never waits (a handler waiting for a slot that
    /// only handlers free could deadlock): it joins its operation's slot, and past the queue's bound it is handled
    /// now, in the handler's call, which holds the handler back as waiting would; but a message with an ordering key is
    /// queued still, as handling it now would overtake its key's earlier messages.
    /// </summary>
    public ValueTask SendAsync(TransportMessage message, TransportMessage? cause, CancellationToken cancellationToken)
    {
        if (cause?.TransportState is not AdmissionTicket ticket)
        {
            return AdmitAsync(message, cancellationToken);
        }

        ticket.AddMessage();
        message.TransportState = ticket;
        if (Volatile.Read(ref _queued) >= _options.MaxQueuedMessages && message.InlineDepth <= TransportMessage.MaxInlineDepth && message.OrderingKey is null)
        {
            message.DeliveryCount++;
            return DeliverAsync(message, _receiver!);
        }

        Enqueue(message);
        return ValueTask.CompletedTask;
    }

    public ValueTask ScheduleAsync(TransportMessage message, TimeSpan delay, CancellationToken cancellationToken)
    {
        (message.TransportState as AdmissionTicket)?.AddMessage();
        message.Stored?.CopyAdded();
        _ = DeliverLaterAsync(message, delay);
        return ValueTask.CompletedTask;
    }

    public ValueTask DeadLetterAsync(TransportMessage message, string reason, string description, CancellationToken cancellationToken)
    {
        AddDeadLetter(message, reason, description);
        return ValueTask.CompletedTask;
    }

    private void AddDeadLetter(TransportMessage message, string reason, string description) =>
        _deadLetters.Add(new DeadLetter(
            message.WireName,
            message.MessageId,
            message.CorrelationId,
            reason,
            description,
            message.TargetHandler,
            message.Body,
            message.Payload));

    private async ValueTask AdmitAsync(TransportMessage message, CancellationToken cancellationToken)
    {
        ObjectDisposedException.ThrowIf(_stopRequested.IsCancellationRequested, this);
        await _slots.WaitAsync(cancellationToken).ConfigureAwait(false);
        message.TransportState = new AdmissionTicket();
        Enqueue(message);
    }

    /// <summary>Queues a message for the workers, or, when an earlier message of its key is under way, behind that one.</summary>
    private void Enqueue(TransportMessage message)
    {
        message.DeliveryCount++;
        Interlocked.Increment(ref _queued);
        var key = message.OrderingKey;
        if (key is not null && !TurnsOf(message).TryTake(key, message))
        {
            return;
        }

        if (!_queue.Writer.TryWrite(message))
        {
            Interlocked.Decrement(ref _queued);
            if (key is not null)
            {
                PassTurn(message, key);
            }

            throw new ObjectDisposedException(nameof(InProcessTransport), "The in-process transport is stopped.");
        }
    }

    /// <summary>
    /// <paramref name="message"/>, of <paramref name="key"/>, is settled: the next one of its kind and key joins the
    /// workers' queue. Once the queue is shut, it and those after it are set aside instead.
    /// </summary>
    private void PassTurn(TransportMessage message, string key)
    {
        var turns = TurnsOf(message);
        while (turns.Next(key) is { } next)
        {
            if (_queue.Writer.TryWrite(next))
            {
                return;
            }

            Interlocked.Decrement(ref _queued);
            SetAside(next, DeadLetterReasons.Shutdown, "The in-process transport stopped before it was handled.");
        }
    }

    private async Task RunWorkerAsync(ITransportReceiver receiver)
    {
        var reader = _queue.Reader;
        while (await reader.WaitToReadAsync().ConfigureAwait(false))
        {
            while (reader.TryRead(out var message))
            {
                Interlocked.Decrement(ref _queued);
                await DeliverAsync(message, receiver).ConfigureAwait(false);
            }
        }
    }

    /// <summary>Hands one message to the pipeline, with the token that fires when the shutdown timeout is over, and settles it.</summary>
    private ValueTask DeliverAsync(TransportMessage message, ITransportReceiver receiver)
    {
        var handlersCancelled = _cancelHandlers.Token;
        if (handlersCancelled.IsCancellationRequested)
        {
            Settle(message, Disposition.Abandon);
            return ValueTask.CompletedTask;
        }

        var receiving = receiver.ReceiveAsync(message, handlersCancelled);
        if (!receiving.IsCompletedSuccessfully)
        {
            return SettleOnceReceivedAsync(message, receiving);
        }

        Settle(message, receiving.Result);
        return ValueTask.CompletedTask;
    }

    private async ValueTask SettleOnceReceivedAsync(TransportMessage message, ValueTask<Disposition> receiving) =>
        Settle(message, await receiving.ConfigureAwait(false));

    /// <summary>
    /// Completes or dead-letters a delivery, freeing its share of its operation's slot and, for a message with an
    /// ordering key, its key's turn. An abandoned one was cancelled by shutdown: it, or a copy of it for each handler
    /// that had not handled it, is set aside.
    /// </summary>
    private void Settle(TransportMessage message, Disposition disposition)
    {
        SettleOnce(message, disposition);
        if (message.OrderingKey is { } key)
        {
            PassTurn(message, key);
        }
    }

    private KeyTurns TurnsOf(TransportMessage message) => _directory.KindOf(message.WireName) == MessageKind.Event ? _eventTurns : _commandTurns;

    private void SettleOnce(TransportMessage message, Disposition disposition)
    {
        switch (disposition.Kind)
        {
            case DispositionKind.Abandon when disposition.Handlers is { } handlers:
                foreach (var handler in handlers)
                {
                    (message.TransportState as AdmissionTicket)?.AddMessage();
                    message.Stored?.CopyAdded();
                    SetAside(message.ForHandler(handler), DeadLetterReasons.Shutdown, $"The in-process transport stopped before {handler} handled it.");
                }

                break;
            case DispositionKind.Abandon:
                SetAside(message, DeadLetterReasons.Shutdown, "The in-process transport stopped before it was handled.");
                return;
            case DispositionKind.DeadLetter:
                AddDeadLetter(message, disposition.Reason!, disposition.Description!);
                break;
        }

        message.Stored?.CopySettled();
        MessageDone(message);
    }

    /// <summary>Counts <paramref name="message"/> done in its operation, and frees the operation's slot once all its messages are.</summary>
    private void MessageDone(TransportMessage message)
    {
        if (message.TransportState is AdmissionTicket ticket && ticket.MessageDone())
        {
            _slots.Release();
        }
    }

    private async Task DeliverLaterAsync(TransportMessage message, TimeSpan delay)
    {
        try
        {
            await Task.Delay(delay, _clock, _stopRequested.Token).ConfigureAwait(false);
            Enqueue(message);
        }
        catch (Exception exception) when (exception is OperationCanceledException or ObjectDisposedException)
        {
            SetAside(message, DeadLetterReasons.HandlerFailed, "The in-process transport stopped before this delayed retry came due.");
        }
    }
}
