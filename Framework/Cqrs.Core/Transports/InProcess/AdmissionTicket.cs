namespace Cqrs.Transports.InProcess;

/// <summary>
/// One slot of the in-process back-pressure gate, shared by a message from outside and every message
/// its handlers raise. The slot frees when the last of them has been handled, so the gate bounds
/// whole operations, not single hops, and a handler never waits for a slot (no deadlock).
/// </summary>
internal sealed class AdmissionTicket(SemaphoreSlim slots)
{
    private int _pending = 1;

    public void AddMessage() => Interlocked.Increment(ref _pending);

    public void MessageDone()
    {
        if (Interlocked.Decrement(ref _pending) == 0)
        {
            slots.Release();
        }
    }
}
