namespace Cqrs.ServiceBus.LocalBroker.Entities;

/// <summary>
/// A receiver waiting for the next available session: granted the first session that has messages and no holder,
/// or refused when its wait is over. Guarded by its entity's lock.
/// </summary>
internal sealed class SessionWaiter
{
    public TaskCompletionSource<SessionLease?> Completion { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

    /// <summary>Ends the wait; disposed once the waiter is granted, refused or gone.</summary>
    public ITimer? Timer { get; set; }
}
