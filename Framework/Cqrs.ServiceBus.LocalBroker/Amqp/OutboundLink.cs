using Cqrs.ServiceBus.LocalBroker.Codec;
using Cqrs.ServiceBus.LocalBroker.Diagnostics;
using Cqrs.ServiceBus.LocalBroker.Entities;
using Cqrs.ServiceBus.LocalBroker.Management;
using Microsoft.Azure.Amqp;
using Microsoft.Azure.Amqp.Framing;
using Microsoft.Extensions.Logging;

namespace Cqrs.ServiceBus.LocalBroker.Amqp;

/// <summary>
/// A client receiver's link out of a queue, subscription or dead-letter queue: sends against the client's credit,
/// with the lock token as delivery tag, and turns the client's dispositions into settlements.
/// </summary>
internal sealed partial class OutboundLink : IMessageConsumer
{
    private const string DeadLetterCondition = "com.microsoft:dead-letter";
    private const string LockLostDescription = "The lock is lost: it expired or the message was settled.";

    private readonly SendingAmqpLink link;
    private readonly MessageEntity entity;
    private readonly OperationCounter operations;
    private readonly ILogger logger;

    private OutboundLink(SendingAmqpLink link, MessageEntity entity, OperationCounter operations, ILogger logger)
    {
        this.link = link;
        this.entity = entity;
        this.operations = operations;
        this.logger = logger;
        PeekLock = link.Settings.SettleType != SettleMode.SettleOnSend;
    }

    public string Name => link.Name;

    public bool PeekLock { get; }

    public static void Attach(SendingAmqpLink link, MessageEntity entity, OperationCounter operations, ILogger logger)
    {
        var consumer = new OutboundLink(link, entity, operations, logger);
        consumer.Listen();
        entity.AddConsumer(consumer);
    }

    /// <summary>Takes the link's credit and dispositions to the entity, and detaches from it when the link closes.</summary>
    private void Listen()
    {
        link.RegisterCreditListener((credit, drain, _) => entity.AddCredit(this, credit, drain));
        link.RegisterDispositionListener(OnDisposition);
        link.Closed += (_, _) => entity.RemoveConsumer(this);
    }

    public void Deliver(MessageSnapshot message)
    {
        var tag = (message.LockToken ?? Guid.NewGuid()).ToByteArray();
        try
        {
            // Counted first, so that a client that has its message sees it counted.
            operations.Delivered(message.Content);
            link.SendMessageNoWait(MessageCodec.ToAmqp(message), new ArraySegment<byte>(tag), AmqpConstants.NullBinary);
        }
        catch (Exception exception) when (exception is AmqpException or ObjectDisposedException or InvalidOperationException)
        {
            // The link closed under us: a peek-locked message comes back when its lock expires, as in the service.
        }
    }

    private void OnDisposition(Delivery delivery)
    {
        var settlement = SettlementOf(delivery.State);
        if (settlement is null)
        {
            return;
        }

        var settled = entity.Settle(new Guid(delivery.DeliveryTag), settlement);
        operations.Settled();
        // A session receiver's message locks are its session's: what it lost is the session lock.
        var refusal = settled ? null : entity.RequiresSession ? SessionLockLost() : LockLost();
        if (refusal is not null)
        {
            logger.SettlementRefused(entity.Path, refusal.Condition.Value, refusal.Description);
        }

        if (!delivery.Settled)
        {
            // Always a settled Accepted on success: echoing the client's outcome fails its dead-letter call.
            link.DisposeDelivery(delivery, true, refusal is null ? AmqpConstants.AcceptedOutcome : new Rejected { Error = refusal });
        }
    }

    private static Settlement? SettlementOf(DeliveryState state) => state switch
    {
        Accepted => Settlement.Complete,
        Released => Settlement.Release,
        Modified { UndeliverableHere: true } modified => new Settlement(SettlementKind.Defer, AmqpMaps.Pairs(modified.MessageAnnotations)),
        Modified modified => new Settlement(SettlementKind.Abandon, AmqpMaps.Pairs(modified.MessageAnnotations)),
        Rejected rejected => DeadLetter(rejected.Error),
        _ => null,
    };

    /// <summary>
    /// The Service Bus client says why in the error's info, under the application property names they end up as
    /// (condition <c>com.microsoft:dead-letter</c>); any other client says it in the error's condition and description,
    /// which then become the reason and description.
    /// </summary>
    private static Settlement DeadLetter(Error? error) =>
        error is { Condition.Value: { } condition } && condition != DeadLetterCondition
            ? new Settlement(SettlementKind.DeadLetter, AmqpMaps.Pairs(error.Info), condition, error.Description)
            : new Settlement(SettlementKind.DeadLetter, AmqpMaps.Pairs(error?.Info));

    private static Error LockLost() => new() { Condition = ManagementReply.LockLost, Description = LockLostDescription };
}
