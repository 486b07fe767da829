using Microsoft.Azure.Amqp;
using Microsoft.Azure.Amqp.Framing;

namespace Cqrs.ServiceBus.LocalBroker.Management;

/// <summary>
/// The <c>$cbs</c> node: accepts every put-token (the local broker does not authenticate; it listens on loopback).
/// The reply's <c>status-code</c> must be a signed int, or the client throws.
/// </summary>
internal static class CbsNode
{
    public const string Address = "$cbs";

    public static AmqpMessage Handle(AmqpMessage request) => Reply(202, "Accepted");

    public static AmqpMessage Fail(Exception exception) => Reply(500, exception.Message);

    private static AmqpMessage Reply(int status, string description)
    {
        var reply = AmqpMessage.Create(new AmqpValue { Value = null });
        reply.ApplicationProperties.Map["status-code"] = status;
        reply.ApplicationProperties.Map["status-description"] = description;
        return reply;
    }
}
