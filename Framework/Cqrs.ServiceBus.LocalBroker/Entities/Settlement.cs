using Microsoft.Azure.Amqp.Encoding;

namespace Cqrs.ServiceBus.LocalBroker.Entities;

/// <summary>How a receiver settles a locked message.</summary>
internal enum SettlementKind
{
    /// <summary>Done: delete it.</summary>
    Complete,

    /// <summary>Unlock it, counting the delivery.</summary>
    Abandon,

    /// <summary>Set it aside for receive-by-sequence-number.</summary>
    Defer,

    /// <summary>Move it to the dead-letter sub-queue.</summary>
    DeadLetter,

    /// <summary>Unlock it without counting a delivery (the client never handed it to the application).</summary>
    Release,
}

/// <summary>A settlement with the application properties to merge into the message and, for dead-lettering, the reason.</summary>
internal sealed record Settlement(
    SettlementKind Kind,
    IReadOnlyList<KeyValuePair<MapKey, object>>? PropertiesToModify = null,
    string? DeadLetterReason = null,
    string? DeadLetterDescription = null)
{
    public static readonly Settlement Complete = new(SettlementKind.Complete);

    public static readonly Settlement Release = new(SettlementKind.Release);
}
