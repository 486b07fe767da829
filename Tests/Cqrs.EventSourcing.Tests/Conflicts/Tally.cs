using Cqrs.EventSourcing;

namespace Cqrs.EventSourcing.Tests.Conflicts;

/// <summary>A count per id, folded from <see cref="Counted"/> events: an aggregate many commands hit at once.</summary>
[WireName("conflicts.v1.tally")]
public sealed record Tally([property: Key(0)] int Count) : IAggregate<Tally>
{
    public static Tally Initial { get; } = new(0);

    public Tally Apply(IEvent @event) => @event is Counted ? this with { Count = Count + 1 } : this;
}
