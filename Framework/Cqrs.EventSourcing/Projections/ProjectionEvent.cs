namespace Cqrs.EventSourcing;

/// <summary>An event on its way to a projection, with its place in its stream.</summary>
/// <param name="Event">The event.</param>
/// <param name="Position">Its stream and version.</param>
public readonly record struct ProjectionEvent(IEvent Event, StreamPosition Position);
