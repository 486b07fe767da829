namespace Cqrs.ServiceBus.LocalBroker.Entities;

/// <summary>Receivers, their credit and the hand-off of available messages to them.</summary>
internal sealed partial class MessageEntity
{
    private const int MaxDeliveriesPerTurn = 64;

    private readonly List<ConsumerState> consumers = [];

    // Used only by the one thread pumping at a time (see Pump), so reused without allocation.
    private readonly List<(IMessageConsumer Consumer, MessageSnapshot Message)> deliveries = [];
    private int nextConsumer;
    private bool pumping;

    /// <summary>Attaches a receiver whose attach reply is sent before its credit can come.</summary>
    public void AddConsumer(IMessageConsumer consumer)
    {
        lock (gate)
        {
            consumers.Add(new ConsumerState(consumer) { Opened = true });
        }
    }

    /// <summary>
    /// Detaches a receiver. Its locked messages keep their locks until they expire, as in the service; but a session
    /// receiver's session goes back at once, for the next receiver of that session.
    /// </summary>
    public void RemoveConsumer(IMessageConsumer consumer)
    {
        bool sessionReleased;
        lock (gate)
        {
            var state = consumers.Find(candidate => candidate.Consumer == consumer);
            if (state is null)
            {
                return;
            }

            consumers.Remove(state);
            sessionReleased = EndSessionOf(state);
        }

        if (sessionReleased)
        {
            Pump();
        }
    }

    /// <summary>
    /// Adds the credit a receiver's flow granted and hands it what is available. A drain is answered by the AMQP
    /// library itself as soon as this returns: it advances the link's delivery count by the credit left unused and
    /// zeroes it. So a drained receiver gets here what can be sent now, and nothing after.
    /// </summary>
    public void AddCredit(IMessageConsumer consumer, uint credit, bool drain)
    {
        ConsumerState? state;
        lock (gate)
        {
            state = consumers.Find(candidate => candidate.Consumer == consumer);
            if (state is null)
            {
                return;
            }

            // The library reports only new credit: after a drain the client's delivery count has caught up with the
            // link's, so its next flow's whole credit is new.
            state.Credit = (uint)Math.Min(uint.MaxValue, (long)state.Credit + credit);
        }

        Pump();
        if (drain)
        {
            lock (gate)
            {
                state.Credit = 0;
            }
        }
    }

    /// <summary>
    /// Hands available messages to receivers with credit, one thread at a time (so that each link sends in order),
    /// sending outside the lock.
    /// </summary>
    private void Pump()
    {
        lock (gate)
        {
            if (pumping)
            {
                return;
            }

            pumping = true;
        }

        while (true)
        {
            deliveries.Clear();
            lock (gate)
            {
                TakeDeliverable();
                if (deliveries.Count == 0)
                {
                    pumping = false;
                    return;
                }
            }

            foreach (var (consumer, message) in deliveries)
            {
                consumer.Deliver(message);
            }
        }
    }

    private void TakeDeliverable()
    {
        var now = Now;
        if (RequiresSession)
        {
            TakeSessionDeliverable(now);
            return;
        }

        while (deliveries.Count < MaxDeliveriesPerTurn && available.Count > 0 && NextConsumerWithCredit() is { } state)
        {
            var message = messages[available.Min];
            available.Remove(message.SequenceNumber);
            Take(state, message, now);
        }
    }

    /// <summary>Hands one available message (already out of its available set) to a receiver with credit, unless it has expired.</summary>
    private void Take(ConsumerState state, BrokerMessage message, DateTime now)
    {
        if (message.ExpiresAt <= now)
        {
            Expire(message);
            return;
        }

        state.Credit--;
        if (state.Consumer.PeekLock)
        {
            Lock(message, now);
            deliveries.Add((state.Consumer, MessageSnapshot.Of(message, withLock: true)));
        }
        else
        {
            Remove(message);
            deliveries.Add((state.Consumer, MessageSnapshot.Of(message, withLock: false)));
        }
    }

    private ConsumerState? NextConsumerWithCredit()
    {
        for (var i = 0; i < consumers.Count; i++)
        {
            var state = consumers[(nextConsumer + i) % consumers.Count];
            if (state.Credit > 0)
            {
                nextConsumer = (nextConsumer + i + 1) % consumers.Count;
                return state;
            }
        }

        return null;
    }

    private sealed class ConsumerState(IMessageConsumer consumer)
    {
        public IMessageConsumer Consumer { get; } = consumer;

        public uint Credit { get; set; }

        /// <summary>
        /// Whether its attach reply is sent: a client may send credit along with its attach, and a transfer must not
        /// precede the reply.
        /// </summary>
        public bool Opened { get; set; }

        /// <summary>The session a session receiver holds, once granted (see MessageEntity.Sessions).</summary>
        public MessageSession? Session { get; set; }

        /// <summary>The wait of a session receiver for the next available session, while it lasts.</summary>
        public SessionWaiter? Waiter { get; set; }
    }
}
