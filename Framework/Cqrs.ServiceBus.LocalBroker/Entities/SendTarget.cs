using Cqrs.ServiceBus.LocalBroker.Topology;

namespace Cqrs.ServiceBus.LocalBroker.Entities;

/// <summary>
/// Where a client sends: a queue (one route, no rules) or a topic (one route per subscription, each with its
/// rules). Gives every message its sequence number and stores a copy in each entity it routes to. A topic's
/// subscriptions come and go while messages are sent (the administration endpoint): a change replaces the whole
/// route array, so a send works on one consistent set. With duplicate detection, a repeated MessageId is accepted
/// and dropped, as Service Bus does.
/// </summary>
internal sealed class SendTarget(IDuplicateDetectionOptions options, bool isTopic, TimeProvider clock, params SendTarget.Route[] routes)
{
    /// <summary>The service's words for a send that <see cref="LacksRequiredSessionId"/>.</summary>
    public const string SessionIdRequired =
        "The SessionId was not set on a message, and it cannot be sent to the entity. Entities that have session support enabled can only receive messages that have the SessionId set to a valid value.";

    private readonly SequenceCounter sequence = new();
    private readonly Lock gate = new();
    private readonly DuplicateDetector? duplicates = options.RequiresDuplicateDetection ? new(options.DuplicateDetectionHistoryTimeWindow) : null;
    private Route[] routes = routes;

    public string Path { get; } = options.Name;

    /// <summary>The queue's or topic's duplicate detection settings, as created.</summary>
    public IDuplicateDetectionOptions Options { get; } = options;

    /// <summary>True for a topic, false for a queue.</summary>
    public bool IsTopic { get; } = isTopic;

    public IReadOnlyList<Route> Routes => Volatile.Read(ref routes);

    public void AddRoute(Route route)
    {
        lock (gate)
        {
            Volatile.Write(ref routes, [.. routes, route]);
        }
    }

    public void RemoveRoute(Route route)
    {
        lock (gate)
        {
            Volatile.Write(ref routes, routes.Where(existing => existing != route).ToArray());
        }
    }

    /// <summary>
    /// Whether a message without a SessionId would reach an entity that requires sessions: the service then refuses
    /// the whole send with <see cref="SessionIdRequired"/>.
    /// </summary>
    public bool LacksRequiredSessionId(IReadOnlyList<MessageContent> contents)
    {
        foreach (var route in Routes)
        {
            if (route.Entity.RequiresSession && contents.Any(content => content.SessionId is null && route.Matches(content)))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// Stores the messages and returns their sequence numbers, or <see langword="null"/> when an entity has no room
    /// (the service's QuotaExceeded: nothing is stored). A repeat that duplicate detection drops gets a number too, as
    /// a scheduled one does from the service, but nothing is stored under it.
    /// </summary>
    public IReadOnlyList<long>? TrySend(IReadOnlyList<MessageContent> contents)
    {
        var now = clock.GetUtcNow().UtcDateTime;
        Stores? stores;
        if (duplicates is null)
        {
            stores = Prepare(contents, contents, now);
        }
        else
        {
            // One send at a time, from the check to the record, so that two sends of one id never both pass; a send
            // refused for want of room records nothing, and its retry is no repeat.
            lock (duplicates)
            {
                var fresh = duplicates.Fresh(contents, now);
                stores = Prepare(contents, fresh, now);
                if (stores is not null)
                {
                    duplicates.Remember(fresh, now);
                }
            }
        }

        if (stores is null)
        {
            return null;
        }

        // Outside the lock: storing hands messages to receivers, and no delivery is sent while a lock is held.
        foreach (var (entity, messages) in stores.Messages)
        {
            entity.Enqueue(messages);
        }

        return stores.SequenceNumbers;
    }

    public void CancelScheduled(IReadOnlyCollection<long> sequenceNumbers)
    {
        foreach (var route in Routes)
        {
            route.Entity.CancelScheduled(sequenceNumbers);
        }
    }

    /// <summary>
    /// Numbers every message of <paramref name="contents"/> and makes the copies of those to store for each route, or
    /// returns <see langword="null"/> when an entity has no room for its copies.
    /// </summary>
    private Stores? Prepare(IReadOnlyList<MessageContent> contents, IReadOnlyList<MessageContent> toStore, DateTime now)
    {
        var routes = Routes;
        var routed = routes.Select(route => toStore.Where(route.Matches).ToList()).ToList();
        for (var index = 0; index < routes.Count; index++)
        {
            if (routed[index].Count > 0 && !routes[index].Entity.Budget.HasRoomFor(routed[index].Sum(content => (long)content.Size)))
            {
                return null;
            }
        }

        var sequenceNumbers = new Dictionary<MessageContent, long>(ReferenceEqualityComparer.Instance);
        foreach (var content in contents)
        {
            sequenceNumbers.Add(content, sequence.Next());
        }

        var messages = routes.Select((route, index) => (route.Entity, routed[index]
            .Select(content => BrokerMessage.Create(content, sequenceNumbers[content], now, route.Entity.Options.DefaultMessageTimeToLive))
            .ToList())).ToList();
        return new Stores(contents.Select(content => sequenceNumbers[content]).ToList(), messages);
    }

    /// <summary>What one send stores: each entity's new messages, and the sequence numbers the sender is told.</summary>
    private sealed record Stores(IReadOnlyList<long> SequenceNumbers, List<(MessageEntity Entity, List<BrokerMessage> Messages)> Messages);

    /// <summary>An entity a target stores into, and the rules a message must match to go there (a queue has none: every message).</summary>
    internal sealed record Route(MessageEntity Entity, SubscriptionRules? Rules)
    {
        public bool Matches(MessageContent content) => Rules?.Matches(content) ?? true;
    }
}
