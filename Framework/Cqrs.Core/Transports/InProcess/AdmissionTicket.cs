namespace Cqrs.Transports.InProcess;

/// <summary>
/// One slot of the in-process back-pressure gate, shared by a message from outside and every message
/// its handlers raise. The slot frees when the last of them has been handled, so the gate bounds
/// whole operations, not single hops, and a handler never waits for a slot (no deadlock). The transport,
/// which holds the gate, releases the slot when the ticket says its last message is done: a ticket, made
/// for every operation, holds only its count.
/// </summary>
internal sealed class AdmissionTicket
{
    private int _pending = 1;

    public void AddMessage() => Interlocked.Increment(ref _pending);

    /// <summary>One of the operation's messages is done; true for its last, whose slot is now free to release.</summary>
    public bool MessageDone() => Interlocked.Decrement(ref _pending) == 0;
}
