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
    /// <remarks>A lock that ran out is taken back by the next sweep: until then its session is still held.</remarks>
    public Task<SessionLease?> AcceptSession(IMessageConsumer consumer, string? sessionId, TimeSpan wait)
    {
        lock (gate)
        {
            var now = Now;
            var state = new ConsumerState(consumer); // credit sent along with the attach is kept until it is opened
            consumers.Add(state);
            if (sessionId is not null)
            {
                var session = SessionNamed(sessionId);
                if (session.Holder is not null)
                {
                    consumers.Remove(state);
                    return Task.FromResult<SessionLease?>(null);
                }

                return Task.FromResult<SessionLease?>(Hold(session, state, now));
            }

            return NextAvailableSession() is { } next ? Task.FromResult<SessionLease?>(Hold(next, state, now)) : Await(state, wait);
        }
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

    /// <summary>
    /// A message's session. One without a SessionId gets here only by a send racing the creation of a subscription that
    /// requires sessions (sends are checked against the routes they see): it is in the empty-named session.
    /// </summary>
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
