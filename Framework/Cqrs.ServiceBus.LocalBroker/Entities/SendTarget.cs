namespace Cqrs.ServiceBus.LocalBroker.Entities;

/// <summary>
/// Where a client sends: a queue (one route, no filter) or a topic (one route per subscription, each with its
/// filter). Gives every message its sequence number and stores a copy in each entity it routes to.
/// </summary>
internal sealed class SendTarget(string path, IReadOnlyList<SendTarget.Route> routes)
{
    private readonly SequenceCounter sequence = new();

    public string Path { get; } = path;

    public IReadOnlyList<Route> Routes { get; } = routes;

    /// <summary>
    /// Stores the messages and returns their sequence numbers, or <see langword="null"/> when an entity has no room
    /// (the service's QuotaExceeded: nothing is stored).
    /// </summary>
    public IReadOnlyList<long>? TrySend(IReadOnlyList<MessageContent> contents)
    {
        var routed = Routes.Select(route => contents.Where(route.Matches).ToList()).ToList();
        for (var index = 0; index < Routes.Count; index++)
        {
            if (routed[index].Count > 0 && !Routes[index].Entity.Budget.HasRoomFor(routed[index].Sum(content => (long)content.Size)))
            {
                return null;
            }
        }

        var now = DateTime.UtcNow;
        var sequenceNumbers = new Dictionary<MessageContent, long>(ReferenceEqualityComparer.Instance);
        foreach (var content in contents)
        {
            sequenceNumbers.Add(content, sequence.Next());
        }

        for (var index = 0; index < Routes.Count; index++)
        {
            var entity = Routes[index].Entity;
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

    /// <summary>An entity a target stores into, and the filter a message must match to go there (none: every message).</summary>
    internal sealed record Route(MessageEntity Entity, CorrelationFilter? Filter)
    {
        public bool Matches(MessageContent content) => Filter?.Matches(content) ?? true;
    }
}
