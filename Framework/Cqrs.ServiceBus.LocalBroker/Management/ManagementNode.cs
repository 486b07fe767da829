using Cqrs.ServiceBus.LocalBroker.Codec;
using Cqrs.ServiceBus.LocalBroker.Entities;
using Microsoft.Azure.Amqp;
using Microsoft.Azure.Amqp.Encoding;

namespace Cqrs.ServiceBus.LocalBroker.Management;

/// <summary>
/// An entity's <c>$management</c> node (address <c>&lt;entity&gt;/$management</c>): the operations the client sends
/// beside its links. A queue is both <paramref name="receiveEntity"/> and <paramref name="sendTarget"/>; a topic only
/// the latter, a subscription or dead-letter queue only the former.
/// </summary>
internal sealed partial class ManagementNode(MessageEntity? receiveEntity, SendTarget? sendTarget, OperationCounter operations)
{
    public const string AddressSuffix = "/$management";

    public AmqpMessage Handle(AmqpMessage request)
    {
        var operation = request.ApplicationProperties?.Map["operation"] as string;
        var body = request.ValueBody?.Value as AmqpMap ?? [];
        if (operation is not ("com.microsoft:renew-lock" or "com.microsoft:update-disposition" or "com.microsoft:renew-session-lock"))
        {
            // Those count per lock token or session, where they are served.
            operations.OtherRequest();
        }

        // The receive link a request belongs to: a session operation must come from the session's holder.
        var requester = request.ApplicationProperties?.Map["associated-link-name"] as string;
        return operation switch
        {
            "com.microsoft:renew-lock" => RenewLock(body),
            "com.microsoft:update-disposition" => UpdateDisposition(body),
            "com.microsoft:peek-message" => Peek(body),
            "com.microsoft:receive-by-sequence-number" => ReceiveBySequenceNumber(body, requester),
            "com.microsoft:renew-session-lock" => RenewSessionLock(body, requester),
            "com.microsoft:get-session-state" => GetSessionState(body, requester),
            "com.microsoft:set-session-state" => SetSessionState(body, requester),
            "com.microsoft:schedule-message" => Schedule(body),
            "com.microsoft:cancel-scheduled-message" => CancelScheduled(body),
            _ => ManagementReply.Error(501, AmqpErrorCode.NotImplemented, $"The local broker does not implement '{operation}'."),
        };
    }

    public static AmqpMessage Fail(Exception exception) =>
        ManagementReply.Error(500, AmqpErrorCode.InternalError, exception.Message);

    private MessageEntity Receiver => receiveEntity ?? throw new InvalidOperationException("This entity has no messages to receive.");

    private SendTarget Sender => sendTarget ?? throw new InvalidOperationException("This entity cannot be sent to.");

    private AmqpMessage RenewLock(AmqpMap body)
    {
        var expirations = new List<DateTime>();
        foreach (var token in Values<Guid>(body.Get("lock-tokens")))
        {
            if (Receiver.RenewLock(token) is not { } until)
            {
                return LockLost(token);
            }

            expirations.Add(until);
        }

        operations.LocksRenewed(expirations.Count);

        // An AMQP array (DateTime[]), not a list: the client casts to an array.
        return ManagementReply.Ok(new AmqpMap { [new MapKey("expirations")] = expirations.ToArray() });
    }

    private AmqpMessage Peek(AmqpMap body)
    {
        var from = Convert.ToInt64(body.Get("from-sequence-number"), System.Globalization.CultureInfo.InvariantCulture);
        var count = Convert.ToInt32(body.Get("message-count"), System.Globalization.CultureInfo.InvariantCulture);
        var messages = Receiver.Peek(from, count, SessionIdOf(body));
        if (messages.Count == 0)
        {
            return ManagementReply.NoContent();
        }

        var list = messages.Select(message => (object)new AmqpMap { [new MapKey("message")] = MessageCodec.Encode(MessageCodec.ToAmqp(message)) }).ToList();
        return ManagementReply.Ok(new AmqpMap { [new MapKey("messages")] = list });
    }

    private AmqpMessage ReceiveBySequenceNumber(AmqpMap body, string? requester)
    {
        var peekLock = Convert.ToUInt32(body.Get("receiver-settle-mode") ?? 1u, System.Globalization.CultureInfo.InvariantCulture) == 1;
        IReadOnlyList<MessageSnapshot>? messages;
        try
        {
            messages = Receiver.ReceiveDeferred(Values<long>(body.Get("sequence-numbers")), peekLock, SessionIdOf(body), requester);
        }
        catch (KeyNotFoundException notFound)
        {
            return ManagementReply.Error(404, ManagementReply.MessageNotFound, notFound.Message);
        }

        if (messages is null)
        {
            return SessionLockLost(SessionIdOf(body));
        }

        var list = messages.Select(message =>
        {
            var entry = new AmqpMap { [new MapKey("message")] = MessageCodec.Encode(MessageCodec.ToAmqp(message)) };
            if (message.LockToken is { } token)
            {
                entry[new MapKey("lock-token")] = token;
            }

            return (object)entry;
        }).ToList();
        return ManagementReply.Ok(new AmqpMap { [new MapKey("messages")] = list });
    }

    private AmqpMessage Schedule(AmqpMap body)
    {
        var contents = Values<AmqpMap>(body.Get("messages"))
            .Select(entry => MessageCodec.FromBytes((ArraySegment<byte>)entry.Get("message")!))
            .ToList();
        if (Sender.LacksRequiredSessionId(contents))
        {
            return ManagementReply.Error(400, AmqpErrorCode.NotAllowed, SendTarget.SessionIdRequired);
        }

        var sequenceNumbers = Sender.TrySend(contents);
        return sequenceNumbers is null
            ? ManagementReply.Error(403, ManagementReply.QuotaExceeded, $"'{Sender.Path}' is full.")
            : ManagementReply.Ok(new AmqpMap { [new MapKey("sequence-numbers")] = sequenceNumbers.ToArray() });
    }

    private AmqpMessage CancelScheduled(AmqpMap body)
    {
        Sender.CancelScheduled(Values<long>(body.Get("sequence-numbers")).ToList());
        return ManagementReply.Ok();
    }

    private static AmqpMessage LockLost(Guid token) =>
        ManagementReply.Error(410, ManagementReply.LockLost, $"The lock {token} is lost: it expired or the message was settled.");

    private static IEnumerable<T> Values<T>(object? value) => value switch
    {
        null => [],
        T single => [single],
        System.Collections.IEnumerable many => many.Cast<T>(),
        _ => throw new InvalidCastException($"Expected {typeof(T).Name} values, got {value.GetType().Name}."),
    };
}
