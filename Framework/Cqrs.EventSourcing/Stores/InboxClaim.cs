namespace Cqrs.EventSourcing;

/// <summary>What <see cref="IInboxStore.ClaimAsync"/> found.</summary>
public enum InboxClaim
{
    /// <summary>The claim is the caller's until its lease runs out: do the work, then mark the message handled.</summary>
    Claimed,

    /// <summary>The handler has handled the message: skip it.</summary>
    Handled,

    /// <summary>Another claimant holds a claim whose lease has not run out: it is doing the work now.</summary>
    HeldElsewhere,
}
