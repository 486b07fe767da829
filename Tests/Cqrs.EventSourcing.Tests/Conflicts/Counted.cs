namespace Cqrs.EventSourcing.Tests.Conflicts;

/// <summary>One more on a <see cref="Tally"/>; published with the tally's stream as its ordering key.</summary>
[WireName("conflicts.v1.counted")]
public sealed record Counted([property: Key(0)] string TallyId) : IEvent;
