namespace Cqrs.ServiceBus;

/// <summary>
/// The entities this endpoint sends to and receives from: the command queue, the event topic, and its subscription
/// with one filter per event its handlers handle (on the message's Subject, its wire name). Provision these in
/// Azure (the repository's Bicep does), or give them to a local broker. With
/// <see cref="ServiceBusOptions.SubscriptionPerHandler"/>, events are received on <see cref="HandlerSubscriptions"/>
/// instead of <paramref name="Subscription"/>.
/// </summary>
/// <param name="CommandQueue">The queue commands go to.</param>
/// <param name="EventTopic">The topic events go to.</param>
/// <param name="Subscription">This endpoint's subscription to <paramref name="EventTopic"/>.</param>
/// <param name="HandledCommands">
/// Wire names of the commands the handlers this process runs handle: it receives from the queue when there are any.
/// </param>
/// <param name="HandledEvents">Wire names of the events the handlers this process runs handle: the subscription's filters.</param>
public sealed record ServiceBusTopology(
    string CommandQueue,
    string EventTopic,
    string Subscription,
    IReadOnlyList<string> HandledCommands,
    IReadOnlyList<string> HandledEvents)
{
    /// <summary>
    /// With <see cref="ServiceBusOptions.SubscriptionPerHandler"/>, a subscription per event handler here, each filtered
    /// to that handler's events; they replace <see cref="Subscription"/>. Empty otherwise.
    /// </summary>
    public IReadOnlyList<HandlerSubscription> HandlerSubscriptions { get; init; } = [];

    /// <summary>
    /// The subscriptions events are received on, and so provisioned: each handler's own, or else this endpoint's one when
    /// it handles any event. A null handler stands for every handler of the event.
    /// </summary>
    internal IEnumerable<(string Name, string? Handler, IReadOnlyList<string> Events)> EventSubscriptions =>
        HandlerSubscriptions.Count > 0
            ? HandlerSubscriptions.Select(subscription => (subscription.Name, (string?)subscription.Handler, subscription.HandledEvents))
            : HandledEvents.Count > 0 ? [(Subscription, null, HandledEvents)] : [];

    /// <summary>
    /// Each entity this endpoint receives from, one delivery path each: the queue when it handles commands, the
    /// endpoint's subscription (every handler of an event), or one handler's own subscription. None for a process that
    /// runs no handler.
    /// </summary>
    internal IReadOnlyList<(string Entity, string? Subscription, string? Handler)> ReceivedFrom =>
    [
        .. HandledCommands.Count > 0 ? new[] { (CommandQueue, (string?)null, (string?)null) } : [],
        .. EventSubscriptions.Select(subscription => (EventTopic, (string?)subscription.Name, subscription.Handler)),
    ];
}
