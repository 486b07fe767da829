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
        var destinations = contents.Select(content => Routes.Where(route => route.Matches(content)).ToList()).ToList();
        foreach (var route in Routes)
        {
            var size = contents.Where((_, index) => destinations[index].Contains(route)).Sum(content => (long)content.Size);
            if (size > 0 && !route.Entity.Budget.HasRoomFor(size))
            {
                return null;
            }
        }

        var now = DateTime.UtcNow;
        var sequenceNumbers = new long[contents.Count];
        for (var index = 0; index < contents.Count; index++)
        {
            sequenceNumbers[index] = sequence.Next();
            foreach (var route in destinations[index])
            {
                var options = route.Entity.Options;
                route.Entity.Enqueue(BrokerMessage.Create(contents[index], sequenceNumbers[index], now, options.DefaultMessageTimeToLive));
            }
        }

        return sequenceNumbers;
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
