using System.Collections.Concurrent;
using System.Threading.Channels;
using Cqrs.Transports;

namespace Cqrs.Tests.Transports.Custom;

/// <summary>
/// A transport as one in a package of its own would be written, on the public API alone: a channel read by one loop,
/// dead letters kept in a list. The README's example of running the shipped contract suite runs against it. A stop
/// lets the handler under way finish, with no timeout. Not durable: what is still queued or scheduled when it stops
/// is dropped (an outbox's event stays in its outbox).
/// </summary>
public sealed class ChannelTransport : ITransport
{
    private readonly Channel<TransportMessage> _queue = Channel.CreateUnbounded<TransportMessage>();
    private readonly ConcurrentQueue<DeadLetter> _deadLetters = new();
    private readonly CancellationTokenSource _stopping = new();
    private Task _receiving = Task.CompletedTask;

    public string Name => "channel";

    public bool HandlesLocallyOnly => true;

    /// <summary>Every message dead-lettered so far.</summary>
    public IReadOnlyList<DeadLetter> DeadLetters => [.. _deadLetters];

    public void Start(ITransportReceiver receiver) => _receiving = Task.Run(() => ReceiveAllAsync(receiver));

    public ValueTask SendAsync(TransportMessage message, TransportMessage? cause, CancellationToken cancellationToken) =>
        _queue.Writer.WriteAsync(message, cancellationToken);

    public ValueTask ScheduleAsync(TransportMessage message, TimeSpan delay, CancellationToken cancellationToken)
    {
        _ = SendLaterAsync(message, delay);
        return ValueTask.CompletedTask;
    }

    public ValueTask DeadLetterAsync(TransportMessage message, string reason, string description, CancellationToken cancellationToken)
    {
        Keep(message, reason, description);
        return ValueTask.CompletedTask;
    }

    public async Task StopAsync()
    {
        await _stopping.CancelAsync();
        await _receiving;
        _queue.Writer.TryComplete();
        while (_queue.Reader.TryRead(out var dropped))
        {
            dropped.Settle(delivered: false);
        }
    }

    public async ValueTask DisposeAsync() => await StopAsync();

    private async Task ReceiveAllAsync(ITransportReceiver receiver)
    {
        try
        {
            await foreach (var message in _queue.Reader.ReadAllAsync(_stopping.Token))
            {
                message.DeliveryCount++;
                Settle(message, await receiver.ReceiveAsync(message, CancellationToken.None));
            }
        }
        catch (OperationCanceledException) when (_stopping.IsCancellationRequested)
        {
            // Stopped: StopAsync drops what is queued.
        }
    }

    private void Settle(TransportMessage message, Disposition disposition)
    {
        switch (disposition.Kind)
        {
            case DispositionKind.Abandon:
                message.Settle(delivered: false);
                return;
            case DispositionKind.DeadLetter:
                Keep(message, disposition.Reason!, disposition.Description!);
                break;
        }

        message.Settle(delivered: true);
    }

    private async Task SendLaterAsync(TransportMessage message, TimeSpan delay)
    {
        try
        {
            await Task.Delay(delay, _stopping.Token);
            await _queue.Writer.WriteAsync(message, _stopping.Token);
        }
        catch (Exception exception) when (exception is OperationCanceledException or ChannelClosedException)
        {
            message.Settle(delivered: false);
        }
    }

    private void Keep(TransportMessage message, string reason, string description) =>
        _deadLetters.Enqueue(new DeadLetter(
            message.WireName, message.MessageId, message.CorrelationId, reason, description, message.TargetHandler, message.Body, Message: null));
}
