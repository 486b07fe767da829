using System.Collections.Concurrent;
using Cqrs.Transports;

namespace Cqrs.Tests.Support;

/// <summary>
/// A transport that carries messages out of the process, as a broker's does, and delivers nothing by itself: it keeps
/// what is sent, and a test hands a message to the receiver as the broker would hand it to whichever process receives it.
/// </summary>
internal sealed class OutboundTransport : ITransport
{
    private readonly ConcurrentQueue<TransportMessage> _sent = new();
    private ITransportReceiver? _receiver;

    public string Name => "outbound";

    public bool HandlesLocallyOnly => false;

    /// <summary>Every message sent so far, oldest first.</summary>
    public IReadOnlyList<TransportMessage> Sent => [.. _sent];

    public void Start(ITransportReceiver receiver) => _receiver = receiver;

    /// <summary>
    /// Delivers a message sent earlier (by this process or another) to this process's pipeline, as read off a wire: its
    /// public headers and body alone. Says how the delivery would be settled.
    /// </summary>
    /// <exception cref="InvalidOperationException">The transport is not started.</exception>
    public ValueTask<Disposition> DeliverAsync(TransportMessage sent)
    {
        var receiver = _receiver ?? throw new InvalidOperationException("The transport is not started.");
        var received = new TransportMessage
        {
            MessageId = sent.MessageId,
            CorrelationId = sent.CorrelationId,
            CausationId = sent.CausationId,
            WireName = sent.WireName,
            EnqueuedTime = sent.EnqueuedTime,
            TraceContext = sent.TraceContext,
            Body = sent.Body,
            RetryCount = sent.RetryCount,
            TargetHandler = sent.TargetHandler,
            DeliveryCount = 1,
        };
        return receiver.ReceiveAsync(received, CancellationToken.None);
    }

    public ValueTask SendAsync(TransportMessage message, TransportMessage? cause, CancellationToken cancellationToken)
    {
        _sent.Enqueue(message);
        message.Settle(delivered: true);
        return ValueTask.CompletedTask;
    }

    public ValueTask ScheduleAsync(TransportMessage message, TimeSpan delay, CancellationToken cancellationToken) => SendAsync(message, null, cancellationToken);

    public Task StopAsync() => Task.CompletedTask;

    public ValueTask DeadLetterAsync(TransportMessage message, string reason, string description, CancellationToken cancellationToken) =>
        ValueTask.CompletedTask;

    public ValueTask DisposeAsync() => ValueTask.CompletedTask;
}
