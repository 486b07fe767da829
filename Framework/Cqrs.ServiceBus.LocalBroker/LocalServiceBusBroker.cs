using System.Net;
using Cqrs.ServiceBus.LocalBroker.Amqp;
using Cqrs.ServiceBus.LocalBroker.Entities;

namespace Cqrs.ServiceBus.LocalBroker;

/// <summary>
/// An in-memory AMQP 1.0 broker that the unmodified Azure.Messaging.ServiceBus client talks to, for development and
/// tests: queues, topics with filtered subscriptions, peek-lock and receive-and-delete, lock expiry with delivery
/// counts, dead-letter sub-queues, deferral, scheduling and the <c>$management</c> operations the client uses.
/// Nothing is persisted; it is not a production broker.
/// <code>await using var broker = await LocalServiceBusBroker.StartAsync(new BrokerTopology().AddQueue("orders"));
/// await using var client = new ServiceBusClient(broker.ConnectionString);</code>
/// </summary>
/// <remarks>Thread-safe. Disposing stops listening and drops every connection and message.</remarks>
public sealed class LocalServiceBusBroker : IAsyncDisposable
{
    private readonly BrokerListener listener;
    private readonly ExpirySweeper sweeper;
    private readonly OperationCounter operations;

    private LocalServiceBusBroker(BrokerListener listener, ExpirySweeper sweeper, OperationCounter operations)
    {
        this.listener = listener;
        this.sweeper = sweeper;
        this.operations = operations;
    }

    /// <summary>The TCP port the broker listens on.</summary>
    public int Port => listener.EndPoint.Port;

    /// <summary>
    /// The operations served since the broker started, as Service Bus would bill them: what a workload costs in
    /// broker operations, read before and after it (<see cref="BrokerOperations.Since"/>).
    /// </summary>
    public BrokerOperations Operations => operations.Read();

    /// <summary>
    /// The connection string for <c>ServiceBusClient</c>: <c>UseDevelopmentEmulator=true</c> makes the client speak
    /// plain AMQP over TCP to this host and port. Any key is accepted.
    /// </summary>
    public string ConnectionString
    {
        get
        {
            var address = listener.EndPoint.Address;
            var host = address.Equals(IPAddress.Any) ? "127.0.0.1" : address.ToString();
            return $"Endpoint=sb://{host}:{Port};SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=local;UseDevelopmentEmulator=true";
        }
    }

    /// <summary>Starts a broker serving <paramref name="topology"/>, listening once the returned task completes.</summary>
    /// <param name="topology">The queues and topics to serve; read once.</param>
    /// <param name="options">Where to listen; by default a free loopback port.</param>
    /// <param name="cancellationToken">Cancels the start.</param>
    /// <exception cref="ArgumentException">The topology names an entity twice or has a value out of range.</exception>
    /// <exception cref="System.Net.Sockets.SocketException">The given port cannot be bound.</exception>
    public static Task<LocalServiceBusBroker> StartAsync(BrokerTopology topology, LocalServiceBusBrokerOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(topology);
        cancellationToken.ThrowIfCancellationRequested();
        options ??= new LocalServiceBusBrokerOptions();
        var registry = new EntityRegistry(topology);
        var listener = BrokerListener.Start(registry, options.BindAddress, options.Port);
        return Task.FromResult(new LocalServiceBusBroker(listener, new ExpirySweeper(registry.ReceiveEntities), registry.Operations));
    }

    /// <summary>Stops listening and drops every connection.</summary>
    public ValueTask DisposeAsync()
    {
        sweeper.Dispose();
        listener.Dispose();
        return ValueTask.CompletedTask;
    }
}
