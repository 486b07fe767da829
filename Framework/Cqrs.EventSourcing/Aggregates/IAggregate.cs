namespace Cqrs.EventSourcing;

/// <summary>
/// An event-sourced aggregate's state: an immutable value folded from its events. Give the type a
/// <see cref="WireNameAttribute"/> (it names the aggregate's streams and snapshots) and <see cref="KeyAttribute"/>
/// members, as for messages: the source generator emits its snapshot codec.
/// </summary>
/// <typeparam name="TSelf">The state type itself.</typeparam>
public interface IAggregate<TSelf>
    where TSelf : IAggregate<TSelf>
{
    /// <summary>The state before any event.</summary>
    static abstract TSelf Initial { get; }

    /// <summary>The state after <paramref name="event"/>: a pure function, with no side effects.</summary>
    TSelf Apply(IEvent @event);
}
