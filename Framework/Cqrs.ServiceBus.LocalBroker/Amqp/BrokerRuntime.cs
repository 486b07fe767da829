using Cqrs.ServiceBus.LocalBroker.Diagnostics;
using Cqrs.ServiceBus.LocalBroker.Entities;
using Cqrs.ServiceBus.LocalBroker.Management;
using Microsoft.Azure.Amqp;
using Microsoft.Azure.Amqp.Framing;
using Microsoft.Azure.Amqp.Transaction;
using Microsoft.Azure.Amqp.Transport;
using Microsoft.Extensions.Logging;

namespace Cqrs.ServiceBus.LocalBroker.Amqp;

/// <summary>
/// The library's factories for the broker's side of connections, sessions and links. Links are routed by address
/// in <see cref="BeginOpenLink"/> (an <see cref="AmqpException"/> there fails the attach with its condition, e.g.
/// amqp:not-found for an unknown entity), never in <see cref="CreateLink"/>. Every attach, refusal and detach is logged.
/// </summary>
internal sealed class BrokerRuntime(EntityRegistry registry, ILogger logger) : IRuntimeProvider
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
        var role = link is ReceivingAmqpLink ? "sends to" : "receives from";
        var terminus = link is ReceivingAmqpLink ? link.Settings.Target : link.Settings.Source;
        var address = AddressOrNull(terminus);
        Task? pending;
        try
        {
            if (Unsupported(terminus) is { } unsupported)
            {
                throw unsupported;
            }

            if (link is ReceivingAmqpLink receiving)
            {
                OpenInbound(receiving, address ?? throw NoAddress());
                pending = null;
            }
            else
            {
                pending = OpenOutbound((SendingAmqpLink)link, address ?? throw NoAddress());
                if (pending is { IsCompleted: true })
                {
                    // Answered at once (a session free to lock, or refused): the attach reply goes out before the
                    // next frame of the connection is read.
                    pending.GetAwaiter().GetResult();
                    pending = null;
                }
            }
        }
        catch (AmqpException refused)
        {
            LogOpened(link, role, address, refused);
            throw;
        }

        if (pending is not null)
        {
            return PendingOpen.Begin(pending, failure => LogOpened(link, role, address, failure), callback, state);
        }

        LogOpened(link, role, address, failure: null);
        return new CompletedAsyncResult(callback, state);
    }

    public void EndOpenLink(IAsyncResult result) => PendingOpen.End(result);

    private void OpenInbound(ReceivingAmqpLink link, string address)
    {
        if (address == CbsNode.Address)
        {
            RequestLink.Attach(link, CbsNode.Handle, CbsNode.Fail, logger);
        }
        else if (ManagementNodeAt(address) is { } node)
        {
            RequestLink.Attach(link, node.Handle, ManagementNode.Fail, logger);
        }
        else
        {
            var path = EntityRegistry.PathOf(address);
            var target = registry.FindSendTarget(path) ?? throw (registry.FindReceiveEntity(path) is null ? NotFound(address) : ReceiveOnly(address));
            InboundLink.Attach(link, target, registry.Operations, logger);
        }
    }

    /// <summary>Attaches a receive link; a session receiver's attach completes later, with the session it is granted (the task).</summary>
    private Task? OpenOutbound(SendingAmqpLink link, string address)
    {
        if (address == CbsNode.Address || address.EndsWith(ManagementNode.AddressSuffix, StringComparison.OrdinalIgnoreCase))
        {
            ReplyLinks.Of(link.Session.Connection).Add(ReplyAddress(link.Settings), link);
            return null;
        }

        var entity = registry.FindReceiveEntity(EntityRegistry.PathOf(address)) ?? throw NotFound(address);
        var asksForSession = SessionFilter.IsRequested(link.Settings, out var sessionId);
        if (asksForSession != entity.RequiresSession)
        {
            throw new AmqpException(AmqpErrorCode.NotAllowed, asksForSession ? SessionReceiverRefused : ReceiverWithoutSessionRefused);
        }

        if (asksForSession)
        {
            return OutboundLink.AttachToSessionAsync(link, entity, sessionId, registry.Operations, logger);
        }

        OutboundLink.Attach(link, entity, registry.Operations, logger);
        return null;
    }

    /// <summary>Logs an attach served or refused; the library answers a refusal with a detach carrying its error.</summary>
    private void LogOpened(AmqpLink link, string role, string? address, Exception? failure)
    {
        if (AmqpErrors.ErrorOf(failure) is { } error)
        {
            logger.AttachRefused(link.Name, role, address, error.Condition.Value, error.Description);
            return;
        }

        logger.LinkAttached(link.Name, role, address);
        link.Closed += (_, _) => LogDetached(link, role, address);
    }

    private void LogDetached(AmqpLink link, string role, string? address)
    {
        if (AmqpErrors.ErrorOf(link.TerminalException) is { } error)
        {
            logger.LinkFailed(link.Name, role, address, error.Condition.Value, error.Description);
        }
        else
        {
            logger.LinkDetached(link.Name, role, address);
        }
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

    private static string? AddressOrNull(object? terminus) => terminus switch
    {
        Target target => target.Address?.ToString(),
        Source source => source.Address?.ToString(),
        _ => null,
    };

    // The service's words for a receiver of the wrong kind, both answered with amqp:not-allowed.
    private const string SessionReceiverRefused =
        "A sessionful message receiver cannot be created on an entity that does not require sessions. Ensure RequiresSession is set to true when creating a Queue or Subscription to enable sessionful behavior.";

    private const string ReceiverWithoutSessionRefused =
        "It is not possible for an entity that requires sessions to create a non-sessionful message receiver.";

    private static AmqpException NoAddress() => new(AmqpErrorCode.InvalidField, "The link has no address.");

    /// <summary>The refusal of a kind of node the broker does not serve, in the client's terms; <see langword="null"/> for an entity's.</summary>
    private static AmqpException? Unsupported(object? terminus) => terminus switch
    {
        Coordinator => new(AmqpErrorCode.NotImplemented, "The local broker does not implement transactions."),
        Source { Dynamic: true } or Target { Dynamic: true } =>
            new(AmqpErrorCode.NotImplemented, "The local broker does not create dynamic nodes: attach to a queue, topic or subscription by its address."),
        _ => null,
    };

    private static AmqpException ReceiveOnly(string address) =>
        new(AmqpErrorCode.NotFound, $"No messaging entity '{address}' takes messages: a subscription or dead-letter queue is received from, and sent to through its topic or queue.");

    private static AmqpException NotFound(string address) =>
        new(AmqpErrorCode.NotFound, $"The messaging entity '{address}' could not be found.");
}
