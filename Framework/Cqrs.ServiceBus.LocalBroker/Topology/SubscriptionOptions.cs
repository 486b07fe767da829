namespace Cqrs.ServiceBus.LocalBroker.Topology;

/// <summary>A subscription of a topic: it receives a copy of every message its filter matches.</summary>
public sealed class SubscriptionOptions : EntityOptions
{
    /// <summary>The correlation filter; <see langword="null"/> takes every message sent to the topic.</summary>
    public CorrelationFilterOptions? Filter { get; set; }
}
