using Cqrs.ServiceBus.LocalBroker.Topology;
using Microsoft.Azure.Amqp.Encoding;

namespace Cqrs.ServiceBus.LocalBroker.Entities;

/// <summary>
/// A queue, a subscription or a dead-letter sub-queue: the messages it holds, their locks and its receivers. Every
/// change happens under <see cref="gate"/>; deliveries are sent after the lock is released (see Dispatch).
/// </summary>
internal sealed partial class MessageEntity
{
    public const string DeadLetterReasonProperty = "DeadLetterReason";
    public const string DeadLetterDescriptionProperty = "DeadLetterErrorDescription";

    private readonly object gate = new();
    private readonly SortedDictionary<long, BrokerMessage> messages = [];
    private readonly SortedSet<long> available = [];
    private readonly Dictionary<Guid, BrokerMessage> locked = [];
    private readonly DueTimes lockExpiries = new();
    private readonly DueTimes scheduled = new();
    private readonly DueTimes expiries = new();
    private readonly TimeProvider clock;

    public MessageEntity(string path, EntityOptions options, SizeBudget budget, MessageEntity? deadLetterQueue, TimeProvider clock)
    {
        this.clock = clock;
        Path = path;
        Options = options;
        Budget = budget;
        DeadLetterQueue = deadLetterQueue;
    }

    /// <summary>The entity's path as the client addresses it (e.g. <c>orders</c>, <c>events/Subscriptions/billing</c>).</summary>
    public string Path { get; }

    public EntityOptions Options { get; }

    public SizeBudget Budget { get; }

    /// <summary>The dead-letter sub-queue, or <see langword="null"/> when this is one.</summary>
    public MessageEntity? DeadLetterQueue { get; }

    private DateTime Now => clock.GetUtcNow().UtcDateTime;

    private int MaxDeliveryCount => DeadLetterQueue is null ? int.MaxValue : Options.MaxDeliveryCount;

    public int Count
    {
        get
        {
            lock (gate)
            {
                return messages.Count;
            }
        }
    }

    /// <summary>Stores new messages (the caller has checked the size budget) and hands them to waiting receivers.</summary>
    public void Enqueue(IEnumerable<BrokerMessage> newMessages)
    {
        lock (gate)
        {
            foreach (var message in newMessages)
            {
                Add(message);
            }
        }

        Pump();
    }

    /// <summary>
    /// Stores a message while the caller holds another entity's lock: the hand-off to receivers runs on the thread
    /// pool, so that no delivery is sent while a lock is held.
    /// </summary>
    private void EnqueueFromAnotherLock(BrokerMessage message)
    {
        lock (gate)
        {
            Add(message);
        }

        ThreadPool.UnsafeQueueUserWorkItem(static entity => entity.Pump(), this, preferLocal: false);
    }

    private void Add(BrokerMessage message)
    {
        messages.Add(message.SequenceNumber, message);
        Budget.Add(message.Size);
        if (message.ExpiresAt != DateTime.MaxValue)
        {
            expiries.Add(message.ExpiresAt, message.SequenceNumber);
        }

        CountInSession(message, 1);
        if (message.State == MessageState.Scheduled)
        {
            scheduled.Add(message.ScheduledEnqueueTime!.Value, message.SequenceNumber);
        }
        else
        {
            MakeAvailable(message);
        }
    }

    /// <summary>Puts a message where receivers take it from: the entity's available messages, or its session's.</summary>
    private void MakeAvailable(BrokerMessage message)
    {
        message.State = MessageState.Available;
        (RequiresSession ? SessionOf(message).Available : available).Add(message.SequenceNumber);
    }

    private void Remove(BrokerMessage message)
    {
        if (messages.Remove(message.SequenceNumber))
        {
            Budget.Release(message.Size);
        }

        available.Remove(message.SequenceNumber);
        CountInSession(message, -1);
        expiries.Remove(message.ExpiresAt, message.SequenceNumber);
        if (message.State == MessageState.Locked)
        {
            locked.Remove(message.LockToken);
            lockExpiries.Remove(message.LockedUntil, message.SequenceNumber);
        }
        else if (message.State == MessageState.Scheduled)
        {
            scheduled.Remove(message.ScheduledEnqueueTime!.Value, message.SequenceNumber);
        }
    }

    /// <summary>Moves a message to the dead-letter sub-queue, with the reason as application properties.</summary>
    private void MoveToDeadLetter(BrokerMessage message, string? reason, string? description, IEnumerable<KeyValuePair<MapKey, object>>? properties)
    {
        Remove(message);
        if (DeadLetterQueue is null)
        {
            return; // a dead-letter queue has none of its own; the service drops such a message too
        }

        var changes = (properties ?? []).ToList();
        if (reason is not null)
        {
            changes.Add(new(new MapKey(DeadLetterReasonProperty), reason));
        }

        if (description is not null)
        {
            changes.Add(new(new MapKey(DeadLetterDescriptionProperty), description));
        }

        var content = changes.Count == 0 ? message.Content : message.Content.WithApplicationProperties(changes);
        DeadLetterQueue.EnqueueFromAnotherLock(message.CopyFor(content, Path));
    }

    /// <summary>A message whose time to live ran out: dead-lettered when the entity says so, otherwise dropped.</summary>
    private void Expire(BrokerMessage message)
    {
        if (Options.DeadLetteringOnMessageExpiration && DeadLetterQueue is not null)
        {
            MoveToDeadLetter(message, "TTLExpiredException", "The message expired and was dead lettered.", null);
        }
        else
        {
            Remove(message);
        }
    }
}
