namespace Cqrs.ServiceBus.LocalBroker.Entities;

/// <summary>A receiver attached to an entity: the protocol side of a receive link.</summary>
internal interface IMessageConsumer
{
    /// <summary>Whether deliveries are locked until settled (false: receive-and-delete).</summary>
    bool PeekLock { get; }

    /// <summary>Sends a delivery the entity has taken for this consumer; called outside the entity's lock.</summary>
    void Deliver(MessageSnapshot message);
}
