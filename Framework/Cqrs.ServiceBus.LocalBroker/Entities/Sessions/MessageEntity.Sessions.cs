namespace Cqrs.ServiceBus.LocalBroker.Entities;

/// <summary>
/// Sessions, on an entity that requires them, as Service Bus has them: a receiver locks one session (the one it names,
/// or the next that has available messages) and only it gets that session's messages, lowest sequence number first.
/// A message lock in a session lasts as long as the session lock; when that is lost (it expired unrenewed, or its
/// receiver detached) the messages it had locked become available again with one more delivery counted, and the next
/// receiver of the session gets them, in order still.
/// </summary>
internal sealed partial class MessageEntity
{
    private readonly Dictionary<string, MessageSession> sessions = new(StringComparer.Ordinal);
    private readonly List<ConsumerState> sessionWaiters = [];

    /// <summary>Whether receivers lock a session to receive (a dead-letter queue never requires one).</summary>
    public bool RequiresSession => DeadLetterQueue is not null && Options.RequiresSession;

    /// <summary>
    /// Locks a session for <paramref name="consumer"/>: the one named (<see langword="null"/> when another receiver holds
    /// it), or, when <paramref name="sessionId"/> is <see langword="null"/>, the next that has available messages and no
    /// holder, waiting up to <paramref name="wait"/> on the broker's clock for one (<see langword="null"/> when none came).
    /// </summary>
    public Task<SessionLease?> AcceptSession(IMessageConsumer consumer, string? sessionId, TimeSpan wait)
    {
        List<IMessageConsumer>? lost = null;
        Task<SessionLease?> accepted;
        lock (gate)
        {
            var now = Now;
            var state = new ConsumerState(consumer); // credit sent along with the attach is kept until it is opened
            consumers.Add(state);
            if (sessionId is not null)
            {
                var session = SessionNamed(sessionId);
                if (session.Holder is not null && session.LockedUntil <= now)
                {
                    // Its lock ran out before the sweep took it back: taken back now, and looked up again (an idle
                    // session is forgotten once free).
                    (lost = []).Add(session.Holder);
                    ExpireSessionLock(session);
                    session = SessionNamed(sessionId);
                }

                accepted = Task.FromResult(session.Holder is null ? Hold(session, state, now) : null);
                if (session.Holder != consumer)
                {
                    consumers.Remove(state);
                }
            }
            else if (NextAvailableSession() is { } next)
            {
                accepted = Task.FromResult<SessionLease?>(Hold(next, state, now));
            }
            else
            {
                accepted = Await(state, wait);
            }
        }

        NotifyLost(lost);
        return accepted;
    }

    /// <summary>A session receiver's attach reply is sent: it may now be sent its session's messages.</summary>
    public void SessionReceiverOpened(IMessageConsumer consumer)
    {
        lock (gate)
        {
            if (consumers.Find(state => state.Consumer == consumer) is not { } opened)
            {
                return;
            }

            opened.Opened = true;
        }

        Pump();
    }

    /// <summary>Extends a session lock held by <paramref name="requester"/> (any holder when <see langword="null"/>); the new expiry, or <see langword="null"/> when it is lost.</summary>
    public DateTime? RenewSessionLock(string sessionId, string? requester)
    {
        lock (gate)
        {
            var now = Now;
            if (!sessions.TryGetValue(sessionId, out var session) || !session.IsHeldBy(requester, now))
            {
                return null;
            }

            session.LockedUntil = now + Options.LockDuration;
            return session.LockedUntil;
        }
    }

    /// <summary>Reads a session's state; false when <paramref name="requester"/> does not hold its lock.</summary>
    public bool TryGetSessionState(string sessionId, string? requester, out byte[]? state)
    {
        lock (gate)
        {
            var held = sessions.TryGetValue(sessionId, out var session) && session.IsHeldBy(requester, Now);
            state = held ? session!.State : null;
            return held;
        }
    }

    /// <summary>Replaces a session's state (<see langword="null"/> clears it); false when <paramref name="requester"/> does not hold its lock.</summary>
    public bool TrySetSessionState(string sessionId, string? requester, byte[]? state)
    {
        lock (gate)
        {
            if (!sessions.TryGetValue(sessionId, out var session) || !session.IsHeldBy(requester, Now))
            {
                return false;
            }

            session.State = state;
            return true;
        }
    }

    /// <summary>Hands the sessions' available messages to their holders, after granting sessions to receivers waiting for one.</summary>
    private void TakeSessionDeliverable(DateTime now)
    {
        GrantWaitingSessions(now);
        for (var progress = true; progress && deliveries.Count < MaxDeliveriesPerTurn;)
        {
            progress = false;
            foreach (var state in consumers)
            {
                if (deliveries.Count < MaxDeliveriesPerTurn && state is { Opened: true, Credit: > 0, Session: { Available.Count: > 0 } session }
                    && session.Holder == state.Consumer && session.LockedUntil > now)
                {
                    var message = messages[session.Available.Min];
                    session.Available.Remove(message.SequenceNumber);
                    Take(state, message, now);
                    progress = true;
                }
            }
        }
    }

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

    private void CountInSession(BrokerMessage message, int change)
    {
        if (!RequiresSession)
        {
            return;
        }

        var session = SessionOf(message);
        session.MessageCount += change;
        if (change < 0)
        {
            session.Available.Remove(message.SequenceNumber);
            ForgetIfIdle(session);
        }
    }

    private MessageSession SessionOf(BrokerMessage message) => SessionNamed(SessionIdOf(message));

    private MessageSession SessionNamed(string sessionId)
    {
        if (!sessions.TryGetValue(sessionId, out var session))
        {
            session = new MessageSession(sessionId);
            sessions.Add(sessionId, session);
        }

        return session;
    }

    /// <summary>A message's session; one sent without (before the entity required sessions) is in the empty-named one.</summary>
    private static string SessionIdOf(BrokerMessage message) => message.Content.SessionId ?? "";

    /// <summary>A session with no messages, no state and no holder is forgotten, as the service forgets it.</summary>
    private void ForgetIfIdle(MessageSession session)
    {
        if (session.IsIdle)
        {
            sessions.Remove(session.Id);
        }
    }
}
