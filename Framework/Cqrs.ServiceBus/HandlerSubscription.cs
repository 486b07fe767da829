namespace Cqrs.ServiceBus;

/// <summary>
/// With <see cref="ServiceBusOptions.SubscriptionPerHandler"/>, one event handler's own subscription to the event topic:
/// its retries, lock expiries and dead letters are its own, so a failing handler never re-runs or blocks the others.
/// </summary>
/// <param name="Name">The subscription's name, from the endpoint's subscription and the handler.</param>
/// <param name="Handler">The handler's name (its type's full name), as copies aimed at it carry it.</param>
/// <param name="HandledEvents">Wire names of the events this handler handles: the subscription's filters.</param>
public sealed record HandlerSubscription(string Name, string Handler, IReadOnlyList<string> HandledEvents);
