using System.Net;

namespace Cqrs.ServiceBus.LocalBroker;

/// <summary>Where a <see cref="LocalServiceBusBroker"/> listens.</summary>
public sealed class LocalServiceBusBrokerOptions
{
    /// <summary>The address to listen on (default loopback: the broker does not authenticate, so keep it local).</summary>
    public IPAddress BindAddress { get; set; } = IPAddress.Loopback;

    /// <summary>The TCP port, or 0 (default) for a free one; read the one chosen from <see cref="LocalServiceBusBroker.Port"/>.</summary>
    public int Port { get; set; }
}
