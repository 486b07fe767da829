namespace Cqrs.Transports;

/// <summary>
/// Carries messages between the buses and their handlers. The in-process and the Service Bus transports implement it,
/// and so can a transport in its own package: register it with <c>UseTransport</c> on the <see cref="CqrsBuilder"/>, and run the
/// transport contract suite of the Cqrs.Testing package against it. The pipeline validates, serializes, records
/// telemetry, retries and decides every settlement; a transport moves <see cref="TransportMessage"/>s and carries out
/// the <see cref="Disposition"/> the pipeline returns for each delivery. Implementations are thread-safe.
/// </summary>
public interface ITransport : IAsyncDisposable
{
    /// <summary>The name telemetry records as <c>messaging.system</c>, such as <c>servicebus</c>.</summary>
    string Name { get; }

    /// <summary>
    /// True when a message can be handled only in this process (no other process receives from this transport): a
    /// command sent without a handler registered here then fails at once, instead of waiting for a consumer that
    /// cannot exist.
    /// </summary>
    bool HandlesLocallyOnly { get; }

    /// <summary>
    /// True when the transport keeps a message with <see cref="TransportMessage.DeliverAt"/> durably until that time
    /// and delivers it then (Service Bus: a scheduled message), so that a store may forget it once handed over. A
    /// transport that does not (the default; the in-process transport) is never handed one: what is stored to be
    /// delivered later stays in its store until due.
    /// </summary>
    bool SchedulesDurably => false;

    /// <summary>
    /// Starts delivering received messages to <paramref name="receiver"/>, each delivery through
    /// <see cref="ITransportReceiver.ReceiveAsync"/>, settled as its result says. Called once, before the first send.
    /// </summary>
    void Start(ITransportReceiver receiver);

    /// <summary>
    /// Puts a message on the transport. <paramref name="cause"/> is the delivery whose handler raised it, or null for a
    /// message from outside any handler (which a transport may hold back while it is full). Call
    /// <see cref="TransportMessage.Settle"/> on each message once it is handled or durably taken, or could not be
    /// delivered: an event store's outbox waits for it. A message with <see cref="TransportMessage.DeliverAt"/> set comes
    /// only to a transport that <see cref="SchedulesDurably"/>.
    /// </summary>
    ValueTask SendAsync(TransportMessage message, TransportMessage? cause, CancellationToken cancellationToken);

    /// <summary>Delivers <paramref name="message"/> (a copy made for a delayed retry) again after <paramref name="delay"/>.</summary>
    ValueTask ScheduleAsync(TransportMessage message, TimeSpan delay, CancellationToken cancellationToken);

    /// <summary>
    /// Stops receiving and finishes the work under way, within the transport's shutdown timeout, while the
    /// container can still serve handlers. Idempotent; disposal calls it too.
    /// </summary>
    Task StopAsync();

    /// <summary>
    /// Dead-letters a message that is not the delivery being settled: the copy of an event for the one handler that
    /// failed on it, while its other handlers succeeded.
    /// </summary>
    ValueTask DeadLetterAsync(TransportMessage message, string reason, string description, CancellationToken cancellationToken);
}

/// <summary>What a transport hands each delivery to: the pipeline, which handles it and says how to settle it.</summary>
public interface ITransportReceiver
{
    /// <summary>
    /// Validates and handles one delivery, retrying as the options say, and returns how to settle it. Never throws:
    /// a failure comes back as a dead-letter disposition. Completes synchronously when the handlers do.
    /// </summary>
    ValueTask<Disposition> ReceiveAsync(TransportMessage message, CancellationToken cancellationToken);
}
