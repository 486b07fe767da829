namespace Cqrs.ServiceBus.LocalBroker.Entities;

/// <summary>
/// The life of a session lock: granted (at once, or to the first receiver waiting for the next available session),
/// renewed, and ended by expiry or by its holder detaching, when the session's locked messages come back counted.
/// </summary>
internal sealed partial class MessageEntity
{
    private void GrantWaitingSessions(DateTime now)
    {
        while (sessionWaiters.Count > 0 && NextAvailableSession() is { } session)
        {
            var state = sessionWaiters[0];
            sessionWaiters.RemoveAt(0);
            var waiter = EndWait(state);
            waiter.Completion.SetResult(Hold(session, state, now));
        }
    }

    /// <summary>The session with the oldest available message among those no receiver holds.</summary>
    private MessageSession? NextAvailableSession()
    {
        MessageSession? next = null;
        foreach (var session in sessions.Values)
        {
            if (session is { Holder: null, Available.Count: > 0 } && (next is null || session.Available.Min < next.Available.Min))
            {
                next = session;
            }
        }

        return next;
    }

    private SessionLease Hold(MessageSession session, ConsumerState state, DateTime now)
    {
        session.Holder = state.Consumer;
        session.LockedUntil = now + Options.LockDuration;
        state.Session = session;
        return new SessionLease(session.Id, session.LockedUntil);
    }

    private Task<SessionLease?> Await(ConsumerState state, TimeSpan wait)
    {
        var waiter = new SessionWaiter();
        state.Waiter = waiter;
        sessionWaiters.Add(state);
        waiter.Timer = clock.CreateTimer(_ => StopWaiting(state), null, wait, Timeout.InfiniteTimeSpan);
        return waiter.Completion.Task;
    }

    /// <summary>A receiver's wait for the next available session is over, with none granted.</summary>
    private void StopWaiting(ConsumerState state)
    {
        lock (gate)
        {
            if (sessionWaiters.Remove(state))
            {
                consumers.Remove(state);
                EndWait(state).Completion.SetResult(null);
            }
        }
    }

    private static SessionWaiter EndWait(ConsumerState state)
    {
        var waiter = state.Waiter!;
        state.Waiter = null;
        waiter.Timer?.Dispose();
        return waiter;
    }

    /// <summary>Ends what a detached receiver had: its wait for a session, or its session lock. True when a session went back.</summary>
    private bool EndSessionOf(ConsumerState state)
    {
        if (state.Waiter is not null)
        {
            sessionWaiters.Remove(state);
            EndWait(state).Completion.SetResult(null);
        }

        if (state.Session is not { } session || session.Holder != state.Consumer)
        {
            return false;
        }

        ReleaseSession(session);
        return true;
    }

    /// <summary>
    /// Takes back the session locks that ran out: each holder is returned, to be told outside the lock (see
    /// <see cref="NotifyLost"/>); <see langword="null"/> when none ran out.
    /// </summary>
    private List<IMessageConsumer>? ExpireSessionLocks(DateTime now)
    {
        if (!RequiresSession)
        {
            return null;
        }

        List<MessageSession>? expired = null;
        foreach (var session in sessions.Values)
        {
            if (session.Holder is not null && session.LockedUntil <= now)
            {
                (expired ??= []).Add(session);
            }
        }

        if (expired is null)
        {
            return null;
        }

        var holders = new List<IMessageConsumer>();
        foreach (var session in expired)
        {
            holders.Add(session.Holder!);
            ExpireSessionLock(session);
        }

        return holders;
    }

    private void ExpireSessionLock(MessageSession session)
    {
        consumers.RemoveAll(state => state.Consumer == session.Holder);
        ReleaseSession(session);
    }

    /// <summary>Frees a session: the messages its holder had locked become available again, one more delivery counted.</summary>
    private void ReleaseSession(MessageSession session)
    {
        session.Holder = null;
        foreach (var message in locked.Values.Where(message => SessionIdOf(message) == session.Id).ToList())
        {
            Unlock(message, countDelivery: true);
        }

        ForgetIfIdle(session);
    }

    private static void NotifyLost(List<IMessageConsumer>? holders)
    {
        foreach (var holder in holders ?? Enumerable.Empty<IMessageConsumer>())
        {
            holder.LoseSession();
        }
    }
}
