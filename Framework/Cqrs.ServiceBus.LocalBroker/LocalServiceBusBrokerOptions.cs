using System.Net;
using Microsoft.Extensions.Logging;

namespace Cqrs.ServiceBus.LocalBroker;

/// <summary>Where a <see cref="LocalServiceBusBroker"/> listens, and how far away it seems.</summary>
public sealed class LocalServiceBusBrokerOptions
{
    /// <summary>The address to listen on (default loopback: the broker does not authenticate, so keep it local).</summary>
    public IPAddress BindAddress { get; set; } = IPAddress.Loopback;

    /// <summary>The TCP port, or 0 (default) for a free one; read the one chosen from <see cref="LocalServiceBusBroker.Port"/>.</summary>
    public int Port { get; set; }

    /// <summary>
    /// How long every chunk of bytes is held on its way over AMQP, each way (default zero: loopback's own speed). A
    /// round trip then takes at least twice this, as to a namespace across a network, so that what batching, prefetch
    /// and concurrent calls save can be measured locally; on loopback alone round trips cost CPU time, not waiting.
    /// Bandwidth is not capped, and the administration endpoint is not delayed.
    /// </summary>
    public TimeSpan NetworkDelay { get; set; }

    /// <summary>
    /// Where the broker logs (default none): connections and links opened and closed at Information, and at Warning
    /// every attach, transfer, settlement or request it refuses, with the AMQP condition and description the client
    /// is sent. The category is <c>Cqrs.ServiceBus.LocalBroker</c>.
    /// </summary>
    public ILoggerFactory? LoggerFactory { get; set; }

    /// <summary>
    /// The clock of enqueued times, locks, scheduled messages, expiries and duplicate detection windows (default the
    /// system clock). A test's fake clock makes locks expire, and remembered MessageIds leave the window, when the test
    /// moves it on.
    /// </summary>
    public TimeProvider TimeProvider { get; set; } = TimeProvider.System;
}
