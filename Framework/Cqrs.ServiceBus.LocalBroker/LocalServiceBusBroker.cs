using System.Net;
using Cqrs.ServiceBus.LocalBroker.Administration;
using Cqrs.ServiceBus.LocalBroker.Amqp;
using Cqrs.ServiceBus.LocalBroker.Diagnostics;
using Cqrs.ServiceBus.LocalBroker.Entities;
using Cqrs.ServiceBus.LocalBroker.Network;
using Cqrs.ServiceBus.LocalBroker.Topology;
using Microsoft.Extensions.Logging.Abstractions;

namespace Cqrs.ServiceBus.LocalBroker;

/// <summary>
/// An in-memory AMQP 1.0 broker that the unmodified Azure.Messaging.ServiceBus client talks to, for development and
/// tests: queues, topics with filtered subscriptions, peek-lock and receive-and-delete, lock expiry with delivery
/// counts, dead-letter sub-queues, deferral, scheduling and the <c>$management</c> operations the client uses.
/// Nothing is persisted; it is not a production broker. A second port serves the management protocol of
/// <c>ServiceBusAdministrationClient</c> (see <see cref="AdministrationConnectionString"/>), so entities can also be
/// created while it runs.
/// <code>await using var broker = await LocalServiceBusBroker.StartAsync(new BrokerTopology().AddQueue("orders"));
/// await using var client = new ServiceBusClient(broker.ConnectionString);</code>
/// </summary>
/// <remarks>Thread-safe. Disposing stops listening and drops every connection and message.</remarks>
public sealed class LocalServiceBusBroker : IAsyncDisposable
{
    private readonly BrokerListener listener;
    private readonly AdministrationListener administration;
    private readonly ExpirySweeper sweeper;
    private readonly OperationCounter operations;
    private readonly DelayingRelay? network;

    private LocalServiceBusBroker(BrokerListener listener, DelayingRelay? network, AdministrationListener administration, ExpirySweeper sweeper, OperationCounter operations)
    {
        this.listener = listener;
        this.network = network;
        this.administration = administration;
        this.sweeper = sweeper;
        this.operations = operations;
    }

    /// <summary>How long the broker holds each chunk of AMQP bytes each way (<see cref="LocalServiceBusBrokerOptions.NetworkDelay"/>).</summary>
    public TimeSpan NetworkDelay => network?.Delay ?? TimeSpan.Zero;

    /// <summary>The TCP port clients connect to for AMQP.</summary>
    public int Port => AmqpEndPoint.Port;

    /// <summary>
    /// The operations served since the broker started, as Service Bus would bill them: what a workload costs in
    /// broker operations, read before and after it (<see cref="BrokerOperations.Since"/>).
    /// </summary>
    public BrokerOperations Operations =>
        new(operations.Sends, operations.Receives, operations.Settlements, operations.LockRenewals, operations.Other);

    /// <summary>
    /// The connection string for <c>ServiceBusClient</c>: <c>UseDevelopmentEmulator=true</c> makes the client speak
    /// plain AMQP over TCP to this host and port. Any key is accepted.
    /// </summary>
    public string ConnectionString => ConnectionStringFor(AmqpEndPoint);

    /// <summary>The TCP port of the administration endpoint (plain HTTP).</summary>
    public int AdministrationPort => administration.EndPoint.Port;

    /// <summary>
    /// The connection string for <c>ServiceBusAdministrationClient</c>: the client sends its management requests (HTTP,
    /// no TLS with <c>UseDevelopmentEmulator=true</c>) to the endpoint's host and port, which here is a port of its own.
    /// Queues, topics, subscriptions and correlation-filter rules can be created, read, tested for and deleted; the
    /// broker serves what is created at once. The key is not checked, but the key name stands for the rights: only
    /// <c>RootManageSharedAccessKey</c> (this string's) has Manage, any other name is refused with 401 as a Send/Listen
    /// policy would be.
    /// </summary>
    public string AdministrationConnectionString => ConnectionStringFor(administration.EndPoint);

    /// <summary>Starts a broker serving <paramref name="topology"/>, listening once the returned task completes.</summary>
    /// <param name="topology">The queues and topics to serve; read once.</param>
    /// <param name="options">Where to listen (by default a free loopback port), and the network delay to add.</param>
    /// <param name="cancellationToken">Cancels the start.</param>
    /// <exception cref="ArgumentException">The topology names an entity twice or has a value out of range.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><see cref="LocalServiceBusBrokerOptions.NetworkDelay"/> is negative.</exception>
    /// <exception cref="ArgumentNullException"><see cref="LocalServiceBusBrokerOptions.TimeProvider"/> is null.</exception>
    /// <exception cref="System.Net.Sockets.SocketException">The given port cannot be bound.</exception>
    public static Task<LocalServiceBusBroker> StartAsync(BrokerTopology topology, LocalServiceBusBrokerOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(topology);
        cancellationToken.ThrowIfCancellationRequested();
        options ??= new LocalServiceBusBrokerOptions();
        ArgumentOutOfRangeException.ThrowIfLessThan(options.NetworkDelay, TimeSpan.Zero, nameof(options));
        ArgumentNullException.ThrowIfNull(options.TimeProvider, nameof(options));
        var registry = new EntityRegistry(topology, options.TimeProvider);
        var logger = (options.LoggerFactory ?? NullLoggerFactory.Instance).CreateLogger(BrokerLog.CategoryName);
        if (options.NetworkDelay == TimeSpan.Zero)
        {
            var direct = BrokerListener.Start(registry, options.BindAddress, options.Port, logger);
            return Task.FromResult(Create(registry, direct, network: null, options));
        }

        // Clients reach the broker only through the relay, on the address and port asked for; the broker itself
        // listens on a free loopback port of the same family.
        var loopback = options.BindAddress.AddressFamily == System.Net.Sockets.AddressFamily.InterNetworkV6 ? IPAddress.IPv6Loopback : IPAddress.Loopback;
        var listener = BrokerListener.Start(registry, loopback, port: 0, logger);
        try
        {
            var relay = DelayingRelay.Start(new IPEndPoint(options.BindAddress, options.Port), listener.EndPoint, options.NetworkDelay);
            return Task.FromResult(Create(registry, listener, relay, options));
        }
        catch
        {
            listener.Dispose();
            throw;
        }
    }

    private static LocalServiceBusBroker Create(EntityRegistry registry, BrokerListener listener, DelayingRelay? network, LocalServiceBusBrokerOptions options) =>
        new(listener, network, AdministrationListener.Start(registry, options.BindAddress), new ExpirySweeper(registry.ReceiveEntities, options.TimeProvider), registry.Operations);

    private IPEndPoint AmqpEndPoint => network?.EndPoint ?? listener.EndPoint;

    private static string ConnectionStringFor(IPEndPoint endPoint)
    {
        var host = endPoint.Address.Equals(IPAddress.Any) ? $"127.0.0.1:{endPoint.Port}" : endPoint.ToString(); // [::1]:port for IPv6
        return $"Endpoint=sb://{host};SharedAccessKeyName={AdministrationApi.ManageKeyName};SharedAccessKey=local;UseDevelopmentEmulator=true";
    }

    /// <summary>Stops listening and drops every connection.</summary>
    public ValueTask DisposeAsync()
    {
        sweeper.Dispose();
        administration.Dispose();
        network?.Dispose();
        listener.Dispose();
        return ValueTask.CompletedTask;
    }
}
