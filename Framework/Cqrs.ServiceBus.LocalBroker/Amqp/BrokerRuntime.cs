using Cqrs.ServiceBus.LocalBroker.Entities;
using Cqrs.ServiceBus.LocalBroker.Management;
using Microsoft.Azure.Amqp;
using Microsoft.Azure.Amqp.Framing;
using Microsoft.Azure.Amqp.Transport;

namespace Cqrs.ServiceBus.LocalBroker.Amqp;

/// <summary>
/// The library's factories for the broker's side of connections, sessions and links. Links are routed by address
/// in <see cref="BeginOpenLink"/> (an <see cref="AmqpException"/> there fails the attach with its condition, e.g.
/// amqp:not-found for an unknown entity), never in <see cref="CreateLink"/>.
/// </summary>
internal sealed class BrokerRuntime(EntityRegistry registry) : IRuntimeProvider
{
    /// <summary>What the Standard tier advertises; the client sizes its batches by it (without it every send fails).</summary>
    public const ulong MaxMessageSize = 256 * 1024;

    private const uint InboundCredit = 1000;

    public AmqpConnection CreateConnection(TransportBase transport, ProtocolHeader protocolHeader, bool isInitiator, AmqpSettings amqpSettings, AmqpConnectionSettings connectionSettings) =>
        new(transport, protocolHeader, false, amqpSettings, connectionSettings);

    public AmqpSession CreateSession(AmqpConnection connection, AmqpSessionSettings settings) => new(connection, settings, this);

    public AmqpLink CreateLink(AmqpSession session, AmqpLinkSettings settings)
    {
        if (settings.Role == true)
        {
            settings.MaxMessageSize = MaxMessageSize;
            settings.TotalLinkCredit = InboundCredit;
            settings.AutoSendFlow = true;
            return new ReceivingAmqpLink(session, settings);
        }

        settings.InitialDeliveryCount ??= 0;
        settings.AutoSendFlow = false;
        return new SendingAmqpLink(session, settings);
    }

    public IAsyncResult BeginOpenLink(AmqpLink link, TimeSpan timeout, AsyncCallback callback, object state)
    {
        if (link is ReceivingAmqpLink receiving)
        {
            OpenInbound(receiving, Address(link.Settings.Target));
        }
        else
        {
            OpenOutbound((SendingAmqpLink)link, Address(link.Settings.Source));
        }

        return new CompletedAsyncResult(callback, state);
    }

    public void EndOpenLink(IAsyncResult result)
    {
    }

    private void OpenInbound(ReceivingAmqpLink link, string address)
    {
        if (address == CbsNode.Address)
        {
            RequestLink.Attach(link, CbsNode.Handle, CbsNode.Fail);
        }
        else if (ManagementNodeAt(address) is { } node)
        {
            RequestLink.Attach(link, node.Handle, ManagementNode.Fail);
        }
        else
        {
            InboundLink.Attach(link, registry.FindSendTarget(EntityRegistry.PathOf(address)) ?? throw NotFound(address), registry.Operations);
        }
    }

    private void OpenOutbound(SendingAmqpLink link, string address)
    {
        if (address == CbsNode.Address || address.EndsWith(ManagementNode.AddressSuffix, StringComparison.OrdinalIgnoreCase))
        {
            ReplyLinks.Of(link.Session.Connection).Add(ReplyAddress(link.Settings), link);
            return;
        }

        if (link.Settings.Source is Source { FilterSet: { } filters } && filters.Any(filter => filter.Key.ToString() == "com.microsoft:session-filter"))
        {
            throw new AmqpException(AmqpErrorCode.NotImplemented, "The local broker does not implement sessions.");
        }

        OutboundLink.Attach(link, registry.FindReceiveEntity(EntityRegistry.PathOf(address)) ?? throw NotFound(address), registry.Operations);
    }

    private ManagementNode? ManagementNodeAt(string address)
    {
        if (!address.EndsWith(ManagementNode.AddressSuffix, StringComparison.OrdinalIgnoreCase))
        {
            return null;
        }

        var path = EntityRegistry.PathOf(address[..^ManagementNode.AddressSuffix.Length]);
        var receiveEntity = registry.FindReceiveEntity(path);
        var sendTarget = registry.FindSendTarget(path);
        return receiveEntity is null && sendTarget is null ? throw NotFound(address) : new ManagementNode(receiveEntity, sendTarget, registry.Operations);
    }

    /// <summary>
    /// The reply-to that requests name to be answered on this link: its target address, or, when it has none (as the
    /// JavaScript SDK opens its <c>$cbs</c> reply link, which the service accepts), its name.
    /// </summary>
    private static string ReplyAddress(AmqpLinkSettings settings) =>
        (settings.Target as Target)?.Address?.ToString() ?? settings.LinkName;

    private static string Address(object? terminus) => terminus switch
    {
        Target target => target.Address?.ToString(),
        Source source => source.Address?.ToString(),
        _ => null,
    } ?? throw new AmqpException(AmqpErrorCode.InvalidField, "The link has no address.");

    private static AmqpException NotFound(string address) =>
        new(AmqpErrorCode.NotFound, $"The messaging entity '{address}' could not be found.");
}
