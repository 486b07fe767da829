namespace Cqrs.ServiceBus.LocalBroker.Entities;

/// <summary>Peek-locks: taking, settling, renewing and expiring them; and scheduled messages coming due.</summary>
internal sealed partial class MessageEntity
{
    private void Lock(BrokerMessage message, DateTime now)
    {
        message.UnlockedState = message.State == MessageState.Deferred ? MessageState.Deferred : MessageState.Available;
        message.State = MessageState.Locked;
        message.LockToken = Guid.NewGuid();
        locked.Add(message.LockToken, message);
        if (RequiresSession)
        {
            message.LockedUntil = SessionOf(message).LockedUntil; // it lasts as long as its session's lock
            return;
        }

        message.LockedUntil = now + Options.LockDuration;
        lockExpiries.Add(message.LockedUntil, message.SequenceNumber);
    }

    /// <summary>Whether a locked message's lock still holds: its own, or in a session its session's.</summary>
    private bool IsLockHeld(BrokerMessage message, DateTime now) =>
        RequiresSession ? SessionOf(message).IsHeldBy(requester: null, now) : message.LockedUntil > now;

    /// <summary>Settles a locked message; false when the lock is unknown or has expired (the client's MessageLockLost).</summary>
    public bool Settle(Guid lockToken, Settlement settlement)
    {
        lock (gate)
        {
            if (!locked.TryGetValue(lockToken, out var message) || !IsLockHeld(message, Now))
            {
                return false;
            }

            if (settlement.PropertiesToModify is { Count: > 0 } changes && settlement.Kind != SettlementKind.DeadLetter)
            {
                message.Content = message.Content.WithApplicationProperties(changes);
            }

            switch (settlement.Kind)
            {
                case SettlementKind.Complete:
                    Remove(message);
                    break;
                case SettlementKind.DeadLetter:
                    MoveToDeadLetter(message, settlement.DeadLetterReason, settlement.DeadLetterDescription, settlement.PropertiesToModify);
                    break;
                case SettlementKind.Defer:
                    Unlock(message);
                    message.State = MessageState.Deferred;
                    break;
                default:
                    Unlock(message, countDelivery: settlement.Kind == SettlementKind.Abandon);
                    break;
            }
        }

        Pump();
        return true;
    }

    /// <summary>Extends a lock by the lock duration; the new expiry, or <see langword="null"/> when the lock is lost.</summary>
    public DateTime? RenewLock(Guid lockToken)
    {
        lock (gate)
        {
            var now = Now;
            if (!locked.TryGetValue(lockToken, out var message) || !IsLockHeld(message, now))
            {
                return null;
            }

            if (RequiresSession)
            {
                return SessionOf(message).LockedUntil; // renewed with the session lock, not on its own
            }

            lockExpiries.Remove(message.LockedUntil, message.SequenceNumber);
            message.LockedUntil = now + Options.LockDuration;
            lockExpiries.Add(message.LockedUntil, message.SequenceNumber);
            return message.LockedUntil;
        }
    }

    /// <summary>
    /// Expires the locks (and session locks) whose time is up, makes due scheduled messages available and expires
    /// messages past their time to live.
    /// </summary>
    public void Sweep(DateTime now)
    {
        List<IMessageConsumer>? lostSessions;
        bool changed;
        lock (gate)
        {
            lostSessions = ExpireSessionLocks(now);
            changed = lostSessions is not null;
            foreach (var sequenceNumber in lockExpiries.TakeDue(now))
            {
                if (messages.TryGetValue(sequenceNumber, out var message) && message.State == MessageState.Locked)
                {
                    Unlock(message, countDelivery: true);
                    changed = true;
                }
            }

            foreach (var sequenceNumber in scheduled.TakeDue(now))
            {
                if (messages.TryGetValue(sequenceNumber, out var message) && message.State == MessageState.Scheduled)
                {
                    MakeAvailable(message);
                    changed = true;
                }
            }

            // A locked message is not expired under its receiver: Unlock checks it again.
            foreach (var sequenceNumber in expiries.TakeDue(now))
            {
                if (messages.TryGetValue(sequenceNumber, out var message) && message.State != MessageState.Locked)
                {
                    Expire(message);
                }
            }
        }

        NotifyLost(lostSessions);

        if (changed)
        {
            Pump();
        }
    }

    /// <summary>Ends a lock without a delivery count (defer).</summary>
    private void Unlock(BrokerMessage message)
    {
        locked.Remove(message.LockToken);
        lockExpiries.Remove(message.LockedUntil, message.SequenceNumber);
        message.LockToken = Guid.Empty;
        message.State = message.UnlockedState;
    }

    /// <summary>
    /// Ends a lock and returns the message to where it was, counting the delivery when asked (abandon, lock expiry);
    /// past the max delivery count the message is dead-lettered with the service's reason.
    /// </summary>
    private void Unlock(BrokerMessage message, bool countDelivery)
    {
        Unlock(message);
        if (countDelivery && ++message.DeliveryCount >= MaxDeliveryCount)
        {
            MoveToDeadLetter(
                message,
                "MaxDeliveryCountExceeded",
                $"Message could not be consumed after {Options.MaxDeliveryCount} delivery attempts.",
                null);
            return;
        }

        if (message.ExpiresAt <= Now)
        {
            Expire(message);
        }
        else if (message.State == MessageState.Available)
        {
            MakeAvailable(message);
        }
    }
}
