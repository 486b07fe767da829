namespace Cqrs.EventSourcing.Tests.Conflicts;

/// <summary>Counts one on a tally, ordered by the tally's id: commands for one tally take turns.</summary>
[WireName("conflicts.v1.count-in-turn")]
public sealed record CountInTurn([property: Key(0), OrderingKey] string TallyId) : ICommand;
