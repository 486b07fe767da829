using Cqrs.ServiceBus.LocalBroker.Codec;
using Cqrs.ServiceBus.LocalBroker.Entities;
using Microsoft.Azure.Amqp;
using Microsoft.Azure.Amqp.Encoding;

namespace Cqrs.ServiceBus.LocalBroker.Management;

/// <summary>update-disposition: settlement by lock token, used once a delivery is no longer tracked on its link.</summary>
internal sealed partial class ManagementNode
{
    private AmqpMessage UpdateDisposition(AmqpMap body)
    {
        var settlement = SettlementOf(body);
        foreach (var token in Values<Guid>(body.Get("lock-tokens")))
        {
            if (!Receiver.Settle(token, settlement))
            {
                // A message of a session is settled under its session's lock: that is what the client lost.
                return SessionIdOf(body) is { } sessionId ? SessionLockLost(sessionId) : LockLost(token);
            }

            operations.Settled();
        }

        return ManagementReply.Ok();
    }

    private static Settlement SettlementOf(AmqpMap body)
    {
        var properties = AmqpMaps.Pairs(body.Get("properties-to-modify") as AmqpMap);
        var status = body.Get("disposition-status") as string;
        switch (status)
        {
            case "completed":
                return Settlement.Complete;
            case "abandoned":
                return new Settlement(SettlementKind.Abandon, properties);
            case "defered": // sic: the service's spelling
                return new Settlement(SettlementKind.Defer, properties);
            case "suspended":
                return new Settlement(
                    SettlementKind.DeadLetter,
                    properties,
                    body.Get("deadletter-reason") as string,
                    body.Get("deadletter-description") as string);
            default:
                throw new InvalidOperationException($"Unknown disposition-status '{status}'.");
        }
    }
}
