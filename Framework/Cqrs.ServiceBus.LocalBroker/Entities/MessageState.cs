namespace Cqrs.ServiceBus.LocalBroker.Entities;

/// <summary>Where a stored message stands in its entity.</summary>
internal enum MessageState
{
    /// <summary>Waiting for a receiver.</summary>
    Available,

    /// <summary>Peek-locked by a receiver until its lock expires or it is settled.</summary>
    Locked,

    /// <summary>Set aside by the receiver; only receive-by-sequence-number fetches it.</summary>
    Deferred,

    /// <summary>Not yet visible: its scheduled enqueue time is in the future.</summary>
    Scheduled,
}
