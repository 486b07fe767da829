using Cqrs.ServiceBus.LocalBroker.Codec;
using Microsoft.Azure.Amqp;
using Microsoft.Azure.Amqp.Encoding;

namespace Cqrs.ServiceBus.LocalBroker.Management;

/// <summary>
/// The session operations of a session receiver: renew-session-lock, get-session-state and set-session-state, each
/// naming its session in <c>session-id</c> and served only to the receiver holding that session's lock (410
/// <c>com.microsoft:session-lock-lost</c> otherwise, which the client reports as SessionLockLost).
/// </summary>
internal sealed partial class ManagementNode
{
    private static readonly MapKey SessionStateKey = new("session-state");

    private AmqpMessage RenewSessionLock(AmqpMap body, string? requester)
    {
        var sessionId = RequiredSessionId(body);
        if (Receiver.RenewSessionLock(sessionId, requester) is not { } until)
        {
            return SessionLockLost(sessionId);
        }

        operations.LocksRenewed(1);
        return ManagementReply.Ok(new AmqpMap { [new MapKey("expiration")] = until });
    }

    private AmqpMessage GetSessionState(AmqpMap body, string? requester)
    {
        var sessionId = RequiredSessionId(body);
        if (!Receiver.TryGetSessionState(sessionId, requester, out var state))
        {
            return SessionLockLost(sessionId);
        }

        // A session without state answers null, not nothing: the JavaScript SDK reads the key. The .NET client reads
        // the segment's whole array, so it is one of its own.
        return ManagementReply.Ok(new AmqpMap { [SessionStateKey] = state is null ? null! : new ArraySegment<byte>(state) });
    }

    private AmqpMessage SetSessionState(AmqpMap body, string? requester)
    {
        var sessionId = RequiredSessionId(body);
        var state = body[SessionStateKey] switch
        {
            null => null,
            ArraySegment<byte> bytes => bytes.ToArray(),
            var other => throw new InvalidCastException($"session-state must be binary, not {other.GetType().Name}."),
        };
        return Receiver.TrySetSessionState(sessionId, requester, state) ? ManagementReply.Ok() : SessionLockLost(sessionId);
    }

    private static string? SessionIdOf(AmqpMap body) => body.Get("session-id") as string;

    private static string RequiredSessionId(AmqpMap body) =>
        SessionIdOf(body) ?? throw new InvalidOperationException("The request names no session-id.");

    private static AmqpMessage SessionLockLost(string? sessionId) =>
        ManagementReply.Error(410, ManagementReply.SessionLockLost, $"The session lock of '{sessionId}' is lost: it expired, or another receiver holds it.");
}
