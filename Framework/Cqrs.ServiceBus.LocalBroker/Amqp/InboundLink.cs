using Cqrs.ServiceBus.LocalBroker.Codec;
using Cqrs.ServiceBus.LocalBroker.Diagnostics;
using Cqrs.ServiceBus.LocalBroker.Entities;
using Cqrs.ServiceBus.LocalBroker.Management;
using Microsoft.Azure.Amqp;
using Microsoft.Azure.Amqp.Framing;
using Microsoft.Extensions.Logging;

namespace Cqrs.ServiceBus.LocalBroker.Amqp;

/// <summary>
/// A client sender's link into a queue or topic: each transfer (a message, or a batch envelope of many) is stored
/// whole and accepted once, or rejected whole (QuotaExceeded when an entity is full, decode-error when unreadable).
/// </summary>
internal static class InboundLink
{
    public static void Attach(ReceivingAmqpLink link, SendTarget target, OperationCounter operations, ILogger logger) =>
        link.RegisterMessageListener(message =>
        {
            var outcome = Store(message, target, operations);
            if (outcome is Rejected { Error: { } error })
            {
                logger.TransferRejected(target.Path, error.Condition.Value, error.Description);
            }

            link.DisposeMessage(message, outcome, settled: true, batchable: true);
        });

    private static Outcome Store(AmqpMessage message, SendTarget target, OperationCounter operations)
    {
        IReadOnlyList<MessageContent> contents;
        try
        {
            contents = MessageCodec.Decode(message);
        }
        catch (Exception exception) when (exception is not OutOfMemoryException)
        {
            return Rejected(AmqpErrorCode.DecodeError, $"The message cannot be read: {exception.Message}");
        }

        if (target.LacksRequiredSessionId(contents))
        {
            return Rejected(AmqpErrorCode.NotAllowed, SendTarget.SessionIdRequired);
        }

        if (target.TrySend(contents) is null)
        {
            return Rejected(ManagementReply.QuotaExceeded, $"The maximum entity size of '{target.Path}' has been exceeded.");
        }

        operations.Sent(contents);
        return AmqpConstants.AcceptedOutcome;
    }

    private static Rejected Rejected(Microsoft.Azure.Amqp.Encoding.AmqpSymbol condition, string description) =>
        new() { Error = new Error { Condition = condition, Description = description } };
}
