namespace Cqrs.ServiceBus.LocalBroker.Topology;

/// <summary>A topic: a message sent to it is copied to every subscription whose filter matches.</summary>
/// <remarks>Not thread-safe: set the values before the broker starts.</remarks>
public sealed class TopicOptions
{
    /// <summary>The topic's path.</summary>
    public string Name { get; set; } = "";

    /// <summary>The topic's subscriptions.</summary>
    public List<SubscriptionOptions> Subscriptions { get; init; } = [];

    /// <summary>Adds a subscription and returns this topic, for chaining.</summary>
    /// <param name="name">The subscription's name.</param>
    /// <param name="configure">Sets the subscription's options and filter, or <see langword="null"/>.</param>
    public TopicOptions AddSubscription(string name, Action<SubscriptionOptions>? configure = null)
    {
        var subscription = new SubscriptionOptions { Name = name };
        configure?.Invoke(subscription);
        Subscriptions.Add(subscription);
        return this;
    }
}
