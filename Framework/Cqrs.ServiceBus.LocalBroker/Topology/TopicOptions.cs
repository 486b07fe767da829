namespace Cqrs.ServiceBus.LocalBroker.Topology;

/// <summary>A topic: a message sent to it is copied to every subscription whose filter matches.</summary>
/// <remarks>Not thread-safe: set the values before the broker starts.</remarks>
public sealed class TopicOptions : IDuplicateDetectionOptions
{
    /// <summary>The topic's path.</summary>
    public string Name { get; set; } = "";

    /// <summary>
    /// Whether a message whose MessageId the topic accepted within <see cref="DuplicateDetectionHistoryTimeWindow"/> is
    /// dropped before it reaches any subscription: the sender is told it was accepted (default off, as in Service Bus).
    /// </summary>
    public bool RequiresDuplicateDetection { get; set; }

    /// <summary>How long the topic remembers the MessageIds it accepted (default 10 minutes; 20 seconds to 7 days).</summary>
    public TimeSpan DuplicateDetectionHistoryTimeWindow { get; set; } = DuplicateDetectionWindow.Default;

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
