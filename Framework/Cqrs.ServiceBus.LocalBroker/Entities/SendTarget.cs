namespace Cqrs.ServiceBus.LocalBroker.Entities;

/// <summary>
/// Where a client sends: a queue (one route, no rules) or a topic (one route per subscription, each with its
/// rules). Gives every message its sequence number and stores a copy in each entity it routes to. A topic's
/// subscriptions come and go while messages are sent (the administration endpoint): a change replaces the whole
/// route array, so a send works on one consistent set.
/// </summary>
internal sealed class SendTarget(string path, bool isTopic, TimeProvider clock, params SendTarget.Route[] routes)
{
    /// <summary>The service's words for a send that <see cref="LacksRequiredSessionId"/>.</summary>
    public const string SessionIdRequired =
        "The SessionId was not set on a message, and it cannot be sent to the entity. Entities that have session support enabled can only receive messages that have the SessionId set to a valid value.";

    private readonly SequenceCounter sequence = new();
    private readonly Lock gate = new();
    private Route[] routes = routes;

    public string Path { get; } = path;

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
    /// (the service's QuotaExceeded: nothing is stored).
    /// </summary>
    public IReadOnlyList<long>? TrySend(IReadOnlyList<MessageContent> contents)
    {
        var routes = Routes;
        var routed = routes.Select(route => contents.Where(route.Matches).ToList()).ToList();
        for (var index = 0; index < routes.Count; index++)
        {
            if (routed[index].Count > 0 && !routes[index].Entity.Budget.HasRoomFor(routed[index].Sum(content => (long)content.Size)))
            {
                return null;
            }
        }

        var now = clock.GetUtcNow().UtcDateTime;
        var sequenceNumbers = new Dictionary<MessageContent, long>(ReferenceEqualityComparer.Instance);
        foreach (var content in contents)
        {
            sequenceNumbers.Add(content, sequence.Next());
        }

        for (var index = 0; index < routes.Count; index++)
        {
            var entity = routes[index].Entity;
            entity.Enqueue(routed[index].Select(content =>
                BrokerMessage.Create(content, sequenceNumbers[content], now, entity.Options.DefaultMessageTimeToLive)));
        }

        return contents.Select(content => sequenceNumbers[content]).ToList();
    }

    public void CancelScheduled(IReadOnlyCollection<long> sequenceNumbers)
    {
        foreach (var route in Routes)
        {
            route.Entity.CancelScheduled(sequenceNumbers);
        }
    }

    /// <summary>An entity a target stores into, and the rules a message must match to go there (a queue has none: every message).</summary>
    internal sealed record Route(MessageEntity Entity, SubscriptionRules? Rules)
    {
        public bool Matches(MessageContent content) => Rules?.Matches(content) ?? true;
    }
}
