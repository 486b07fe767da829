using System.Collections.Concurrent;
using System.Net;
using System.Net.Sockets;
using Cqrs.ServiceBus.LocalBroker.Diagnostics;
using Cqrs.ServiceBus.LocalBroker.Entities;
using Microsoft.Azure.Amqp;
using Microsoft.Azure.Amqp.Framing;
using Microsoft.Azure.Amqp.Sasl;
using Microsoft.Azure.Amqp.Transport;
using Microsoft.Extensions.Logging;

namespace Cqrs.ServiceBus.LocalBroker.Amqp;

/// <summary>
/// Accepts TCP connections, negotiates SASL (the Service Bus client's only mechanism is the anonymous <c>MSSBCBS</c>;
/// generic AMQP clients use ANONYMOUS or PLAIN) and opens an AMQP connection for each, served by <see cref="BrokerRuntime"/>.
/// Connections opened and closed are logged.
/// </summary>
internal sealed class BrokerListener : IDisposable
{
    private const string ContainerId = "cqrs-local-servicebus";

    private readonly AmqpSettings settings;
    private readonly ConcurrentDictionary<AmqpConnection, byte> connections = new();
    private readonly AmqpTransportListener listener;
    private readonly ILogger logger;

    private BrokerListener(EntityRegistry registry, IPEndPoint endPoint, ILogger logger)
    {
        this.logger = logger;
        settings = CreateSettings(new BrokerRuntime(registry, logger));
        var tcp = new TcpTransportSettings { Host = endPoint.Address.ToString(), Port = endPoint.Port }.CreateListener();
        listener = new AmqpTransportListener([tcp], settings);
        listener.Listen(OnTransportAccepted); // binds synchronously: a port in use throws SocketException here
        EndPoint = endPoint;
    }

    public IPEndPoint EndPoint { get; }

    /// <summary>
    /// Listens on <paramref name="address"/>:<paramref name="port"/>, or on a free port when it is 0. The library's
    /// TCP listener does not report the port it bound, so a free one is found by binding port 0 first; the rare
    /// port taken in between is retried with another.
    /// </summary>
    public static BrokerListener Start(EntityRegistry registry, IPAddress address, int port, ILogger logger)
    {
        for (var attempt = 1; ; attempt++)
        {
            try
            {
                return new BrokerListener(registry, new IPEndPoint(address, port == 0 ? FreePort(address) : port), logger);
            }
            catch (SocketException exception) when (port == 0 && attempt < 20 && exception.SocketErrorCode == SocketError.AddressAlreadyInUse)
            {
            }
        }
    }

    public void Dispose()
    {
        listener.Close();
        foreach (var connection in connections.Keys)
        {
            connection.Abort();
        }
    }

    private static int FreePort(IPAddress address)
    {
        using var probe = new Socket(address.AddressFamily, SocketType.Stream, ProtocolType.Tcp);
        probe.Bind(new IPEndPoint(address, 0));
        return ((IPEndPoint)probe.LocalEndPoint!).Port;
    }

    private static AmqpSettings CreateSettings(BrokerRuntime runtime)
    {
        var version = new AmqpVersion(1, 0, 0);
        var sasl = new SaslTransportProvider();
        sasl.Versions.Add(version);
        sasl.AddHandler(new SaslAnonymousHandler("MSSBCBS"));
        sasl.AddHandler(new SaslAnonymousHandler());
        sasl.AddHandler(new SaslPlainHandler(new AnyKeyAuthenticator()));
        var amqp = new AmqpTransportProvider();
        amqp.Versions.Add(version);
        var settings = new AmqpSettings { RuntimeProvider = runtime };
        settings.TransportProviders.Add(sasl);
        settings.TransportProviders.Add(amqp);
        return settings;
    }

    private void OnTransportAccepted(TransportListener source, TransportAsyncCallbackArgs args)
    {
        var connectionSettings = new AmqpConnectionSettings { ContainerId = ContainerId, MaxFrameSize = 64 * 1024, IdleTimeOut = 120_000 };
        AmqpConnection? connection = null;
        var remote = args.Transport.RemoteEndPoint?.ToString();
        try
        {
            connection = settings.RuntimeProvider.CreateConnection(args.Transport, (ProtocolHeader)args.UserToken, false, settings, connectionSettings);
            connection.Extensions.Add(new ReplyLinks());
            connections.TryAdd(connection, 0);
            connection.Closed += (sender, _) => OnClosed((AmqpConnection)sender!, remote);
            connection.BeginOpen(AmqpConstants.DefaultTimeout, OnOpened, (connection, remote));
        }
        catch (Exception exception) when (exception is not OutOfMemoryException)
        {
            // A client that vanished or spoke nonsense during the handshake: drop its connection only.
            var error = AmqpErrors.ErrorOf(exception)!;
            logger.ConnectionFailed(remote, error.Condition.Value, error.Description);
            connection?.SafeClose(exception);
        }
    }

    private void OnOpened(IAsyncResult result)
    {
        var (connection, remote) = ((AmqpConnection, string?))result.AsyncState!;
        try
        {
            connection.EndOpen(result);
            logger.ConnectionOpened(remote, connection.Settings.RemoteContainerId);
        }
        catch (Exception exception) when (exception is not OutOfMemoryException)
        {
            // The reason the open failed (e.g. an idle timeout under the library's minimum); the close that follows
            // may report only a consequence of it.
            var error = AmqpErrors.ErrorOf(exception)!;
            logger.ConnectionFailed(remote, error.Condition.Value, error.Description);
            connection.SafeClose(exception);
        }
    }

    private void OnClosed(AmqpConnection connection, string? remote)
    {
        connections.TryRemove(connection, out _);
        if (AmqpErrors.ErrorOf(connection.TerminalException) is { } error)
        {
            logger.ConnectionFailed(remote, error.Condition.Value, error.Description);
        }
        else
        {
            logger.ConnectionClosed(remote);
        }
    }
}
