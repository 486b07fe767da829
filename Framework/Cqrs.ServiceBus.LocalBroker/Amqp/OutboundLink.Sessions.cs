using Cqrs.ServiceBus.LocalBroker.Diagnostics;
using Cqrs.ServiceBus.LocalBroker.Entities;
using Cqrs.ServiceBus.LocalBroker.Management;
using Microsoft.Azure.Amqp;
using Microsoft.Azure.Amqp.Encoding;
using Microsoft.Azure.Amqp.Framing;
using Microsoft.Extensions.Logging;

namespace Cqrs.ServiceBus.LocalBroker.Amqp;

/// <summary>
/// A session receiver's link: its attach completes once the entity grants it a session (the one named, or the next
/// available after a wait), and it detaches with <c>com.microsoft:session-lock-lost</c> when that session's lock runs
/// out. Refusals carry the service's conditions: <c>com.microsoft:session-cannot-be-locked</c> for a session another
/// receiver holds, <c>com.microsoft:timeout</c> when no session became available.
/// </summary>
internal sealed partial class OutboundLink
{
    private static readonly AmqpSymbol SessionCannotBeLocked = "com.microsoft:session-cannot-be-locked";
    private static readonly AmqpSymbol NoSessionAvailable = "com.microsoft:timeout";

    /// <summary>Attaches a session receiver; the task ends when a session is granted, and fails with the refusal otherwise.</summary>
    public static async Task AttachToSessionAsync(SendingAmqpLink link, MessageEntity entity, string? sessionId, OperationCounter operations, ILogger logger)
    {
        var consumer = new OutboundLink(link, entity, operations, logger);
        consumer.Listen();
        link.Opened += (_, _) => entity.SessionReceiverOpened(consumer);
        var accepting = entity.AcceptSession(consumer, sessionId, SessionFilter.NextSessionWait(link.Settings));
        if (!accepting.IsCompleted)
        {
            logger.SessionAwaited(link.Name, entity.Path);
        }

        var lease = await accepting.ConfigureAwait(false) ?? throw Refusal(entity.Path, sessionId);
        if (link.IsClosing())
        {
            // The client went while it waited (its connection closed): the session goes back at once.
            entity.RemoveConsumer(consumer);
            throw new AmqpException(AmqpErrorCode.DetachForced, "The link closed before a session was granted.");
        }

        SessionFilter.Grant(link.Settings, lease.SessionId, lease.LockedUntil);
    }

    public void LoseSession() =>
        link.SafeClose(new AmqpException(SessionLockLost()));

    private static Error SessionLockLost() => new()
    {
        Condition = ManagementReply.SessionLockLost,
        Description = "The session lock has expired: the session went back to be accepted again, and its messages settle no more on this link.",
    };

    private static AmqpException Refusal(string path, string? sessionId) => sessionId is null
        ? new AmqpException(NoSessionAvailable, $"No session of '{path}' became available: none has messages that no other receiver holds.")
        : new AmqpException(SessionCannotBeLocked, $"The session '{sessionId}' of '{path}' cannot be locked: another receiver holds it.");
}
