using Microsoft.Azure.Amqp;
using Microsoft.Azure.Amqp.Encoding;
using Microsoft.Azure.Amqp.Framing;

namespace Cqrs.ServiceBus.LocalBroker.Management;

/// <summary>
/// A <c>$management</c> reply: body an AMQP map, <c>statusCode</c> a signed int (camelCase, unlike <c>$cbs</c>),
/// <c>errorCondition</c> a symbol the client maps to its failure reasons.
/// </summary>
internal static class ManagementReply
{
    public static readonly AmqpSymbol LockLost = "com.microsoft:message-lock-lost";
    public static readonly AmqpSymbol MessageNotFound = "com.microsoft:message-not-found";
    public static readonly AmqpSymbol SessionLockLost = "com.microsoft:session-lock-lost";

    /// <summary>The client maps the standard resource-limit condition to its QuotaExceeded reason.</summary>
    public static readonly AmqpSymbol QuotaExceeded = AmqpErrorCode.ResourceLimitExceeded;

    public static AmqpMessage Ok(AmqpMap? body = null) => Create(200, "OK", null, body ?? []);

    public static AmqpMessage NoContent() => Create(204, "No messages", null, []);

    public static AmqpMessage Error(int status, AmqpSymbol condition, string description) => Create(status, description, condition, []);

    private static AmqpMessage Create(int status, string description, AmqpSymbol? condition, AmqpMap body)
    {
        var reply = AmqpMessage.Create(new AmqpValue { Value = body });
        reply.ApplicationProperties.Map["statusCode"] = status;
        reply.ApplicationProperties.Map["statusDescription"] = description;
        if (condition is { } symbol)
        {
            reply.ApplicationProperties.Map["errorCondition"] = symbol;
        }

        return reply;
    }
}
