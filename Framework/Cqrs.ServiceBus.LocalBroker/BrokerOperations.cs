namespace Cqrs.ServiceBus.LocalBroker;

/// <summary>
/// The operations a broker has served, counted as Azure Service Bus bills them: every message sent (batched or not)
/// and every delivery of a message is one operation per 64 KB begun; every settlement (complete, abandon, defer,
/// dead-letter) and every lock renewed is one; so is any other management request (peek, schedule, cancel).
/// </summary>
/// <param name="Sends">Messages accepted into a queue or topic.</param>
/// <param name="Receives">Deliveries to receivers: each subscription's copy, and each redelivery, counts again.</param>
/// <param name="Settlements">Deliveries settled, on their link or by lock token.</param>
/// <param name="LockRenewals">Locks renewed.</param>
/// <param name="Other">Other management requests.</param>
public readonly record struct BrokerOperations(long Sends, long Receives, long Settlements, long LockRenewals, long Other)
{
    /// <summary>Every billable operation.</summary>
    public long Total => Sends + Receives + Settlements + LockRenewals + Other;

    /// <summary>The operations served after <paramref name="earlier"/> was read.</summary>
    public BrokerOperations Since(BrokerOperations earlier) => new(
        Sends - earlier.Sends,
        Receives - earlier.Receives,
        Settlements - earlier.Settlements,
        LockRenewals - earlier.LockRenewals,
        Other - earlier.Other);
}
