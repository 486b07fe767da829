namespace Cqrs.Transports;

/// <summary>
/// What the pipeline needs of a transport. In-process and Service Bus implement it and pass the same
/// contract tests. Implementations are thread-safe.
/// </summary>
internal interface ITransport : IAsyncDisposable
{
    /// <summary>Name used in telemetry (<c>messaging.system</c>).</summary>
    string Name { get; }

    /// <summary>True when commands must have a handler in this process (no other process can take them).</summary>
    bool HandlesLocallyOnly { get; }

    /// <summary>Starts delivering received messages to <paramref name="receiver"/>.</summary>
    void Start(ITransportReceiver receiver);

    /// <summary>
    /// Puts a message on the transport. <paramref name="cause"/> is the delivery whose handler raised it,
    /// or null for a message from outside any handler (which is subject to back-pressure).
    /// </summary>
    ValueTask SendAsync(TransportMessage message, TransportMessage? cause, CancellationToken cancellationToken);

    /// <summary>Delivers <paramref name="message"/> again after <paramref name="delay"/> (a delayed retry).</summary>
    ValueTask ScheduleAsync(TransportMessage message, TimeSpan delay, CancellationToken cancellationToken);

    /// <summary>
    /// Stops receiving and finishes the work under way, within the transport's shutdown timeout, while the
    /// container can still serve handlers. Idempotent; disposal calls it too.
    /// </summary>
    Task StopAsync();

    /// <summary>Dead-letters a message that is not the delivery being settled (one failed event handler's copy).</summary>
    ValueTask DeadLetterAsync(TransportMessage message, string reason, string description, CancellationToken cancellationToken);
}

/// <summary>Handles one delivery and says how to settle it. Never throws.</summary>
internal interface ITransportReceiver
{
    ValueTask<Disposition> ReceiveAsync(TransportMessage message, CancellationToken cancellationToken);
}
