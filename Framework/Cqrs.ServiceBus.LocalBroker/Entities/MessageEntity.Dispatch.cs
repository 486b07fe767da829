namespace Cqrs.ServiceBus.LocalBroker.Entities;

/// <summary>Receivers, their credit and the hand-off of available messages to them.</summary>
internal sealed partial class MessageEntity
{
    private const int MaxDeliveriesPerTurn = 64;

    private readonly List<ConsumerState> consumers = [];

    // Used only by the one thread pumping at a time (see Pump), so reused without allocation.
    private readonly List<(IMessageConsumer Consumer, MessageSnapshot Message)> deliveries = [];
    private readonly List<IMessageConsumer> drained = [];
    private int nextConsumer;
    private bool pumping;

    public void AddConsumer(IMessageConsumer consumer)
    {
        lock (gate)
        {
            consumers.Add(new ConsumerState(consumer));
        }
    }

    /// <summary>Detaches a receiver. Its locked messages keep their locks until they expire, as in the service.</summary>
    public void RemoveConsumer(IMessageConsumer consumer)
    {
        lock (gate)
        {
            consumers.RemoveAll(state => state.Consumer == consumer);
        }
    }

    /// <summary>Adds the credit a receiver's flow granted and, when it asks, drains: uses what it can, then reports the rest unused.</summary>
    public void AddCredit(IMessageConsumer consumer, uint credit, bool drain)
    {
        lock (gate)
        {
            var state = consumers.Find(candidate => candidate.Consumer == consumer);
            if (state is null)
            {
                return;
            }

            // The library reports only new credit: after a drain the client's delivery count has caught up with the
            // link's, so its next flow's whole credit is new.
            state.Credit = (uint)Math.Min(uint.MaxValue, (long)state.Credit + credit);
            state.DrainRequested |= drain;
        }

        Pump();
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
            drained.Clear();
            lock (gate)
            {
                TakeDeliverable();
                if (deliveries.Count == 0 && drained.Count == 0)
                {
                    pumping = false;
                    return;
                }
            }

            foreach (var (consumer, message) in deliveries)
            {
                consumer.Deliver(message);
            }

            foreach (var consumer in drained)
            {
                consumer.CompleteDrain();
            }
        }
    }

    private void TakeDeliverable()
    {
        var now = Now;
        while (deliveries.Count < MaxDeliveriesPerTurn && available.Count > 0 && NextConsumerWithCredit() is { } state)
        {
            var message = messages[available.Min];
            available.Remove(message.SequenceNumber);
            if (message.ExpiresAt <= now)
            {
                Expire(message);
                continue;
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

        foreach (var state in consumers)
        {
            if (state.DrainRequested && (state.Credit == 0 || available.Count == 0))
            {
                state.DrainRequested = false;
                state.Credit = 0;
                drained.Add(state.Consumer);
            }
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

        public bool DrainRequested { get; set; }
    }
}
