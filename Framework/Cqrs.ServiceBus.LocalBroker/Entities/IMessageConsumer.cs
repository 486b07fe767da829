namespace Cqrs.ServiceBus.LocalBroker.Entities;

/// <summary>A receiver attached to an entity: the protocol side of a receive link.</summary>
internal interface IMessageConsumer
{
    /// <summary>The link's name, by which management requests name the receiver they come from.</summary>
    string Name { get; }

    /// <summary>Whether deliveries are locked until settled (false: receive-and-delete).</summary>
    bool PeekLock { get; }

    /// <summary>Sends a delivery the entity has taken for this consumer; called outside the entity's lock.</summary>
    void Deliver(MessageSnapshot message);

    /// <summary>Tells a session receiver that its session lock expired and the session went back; called outside the entity's lock.</summary>
    void LoseSession();
}
