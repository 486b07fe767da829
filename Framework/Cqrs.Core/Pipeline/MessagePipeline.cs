using Cqrs.Transports;

namespace Cqrs.Pipeline;

/// <summary>
/// The pipeline joined to its transport. It starts the transport once: with the host, or on first use in a container
/// with no host. It gives each delivery the transport makes a context its handlers send through, for the
/// <see cref="MessageDispatcher"/> to handle. It stops the transport before the handlers' services are disposed.
/// Sending is the <see cref="MessageSender"/>'s. Thread-safe; one per container.
/// </summary>
internal sealed class MessagePipeline(MessageSender sender, MessageDispatcher dispatcher, ITransport transport, MessageCatalog catalog)
    : ITransportReceiver, IAsyncDisposable, IDisposable
{
    private readonly Lock _startLock = new();
    private volatile bool _started;

    /// <summary>True once the transport is started. A plain read: callers check it before each send, and start only when false.</summary>
    public bool IsStarted => _started;

    /// <summary>Starts the transport delivering to this pipeline, unless it is started already.</summary>
    /// <exception cref="InvalidOperationException">
    /// This process leaves handlers to other processes, and the transport delivers only inside this one.
    /// </exception>
    public void Start()
    {
        lock (_startLock)
        {
            if (!_started)
            {
                ThrowIfLeftUnhandled();
                transport.Start(this);
                _started = true;
            }
        }
    }

    /// <summary>
    /// A process that runs only some handlers, or none, leaves the others' messages to other processes; a transport that
    /// delivers only inside this process has none, so those messages would never be handled.
    /// </summary>
    private void ThrowIfLeftUnhandled()
    {
        if (!transport.HandlesLocallyOnly || catalog.HandlersNotRun.Count == 0)
        {
            return;
        }

        var leftOut = catalog.HandledHere(MessageKind.Command).Count + catalog.HandledHere(MessageKind.Event).Count == 0
            ? $"runs no handler ({CqrsOptions.SectionName}:{nameof(CqrsOptions.SendOnly)} or {CqrsOptions.SectionName}:{nameof(CqrsOptions.Receive)})"
            : $"does not run {string.Join(", ", catalog.HandlersNotRun.Select(handler => handler.Name).Distinct().Order(StringComparer.Ordinal))} ({CqrsOptions.SectionName}:{nameof(CqrsOptions.Receive)})";
        throw new InvalidOperationException(
            $"This process {leftOut}, but the {transport.Name} transport delivers messages only inside this process: nothing else would " +
            "receive them, and they would never be handled. Run every handler here, or put the buses on a transport that other processes " +
            "receive from (UseServiceBus).");
    }

    /// <summary>Never throws; completes synchronously when the handlers do.</summary>
    public ValueTask<Disposition> ReceiveAsync(TransportMessage message, CancellationToken cancellationToken) =>
        dispatcher.ReceiveAsync(new DeliveryContext(sender.BeforeHandlers, message), cancellationToken);

    /// <summary>
    /// Starts the transport if need be, then publishes an event read back from an event store's outbox: see
    /// <see cref="MessageSender.PublishStoredAsync"/>.
    /// </summary>
    public ValueTask PublishStoredAsync(MessageDescriptor descriptor, StoredMessage stored, StoredDelivery delivery, bool validated, IMessageContext? cause, CancellationToken cancellationToken)
    {
        if (!_started)
        {
            Start();
        }

        return sender.PublishStoredAsync(descriptor, stored, delivery, validated, cause, cancellationToken);
    }

    /// <summary>
    /// The container disposes services in reverse order of creation, and the pipeline is created after the handlers
    /// its dispatcher binds: so operations under way finish here, before the handlers' dependencies go.
    /// </summary>
    public ValueTask DisposeAsync() => new(StopAsync());

    /// <summary>Stops the transport: see <see cref="ITransport.StopAsync"/>. Idempotent.</summary>
    public Task StopAsync() => transport.StopAsync();

    /// <summary>For containers disposed synchronously.</summary>
    public void Dispose() => transport.StopAsync().GetAwaiter().GetResult();
}
