namespace Cqrs.EventSourcing.Tests.Conflicts;

/// <summary>Counts one on a tally, with no ordering key: commands for one tally may run at once.</summary>
[WireName("conflicts.v1.count")]
public sealed record Count([property: Key(0)] string TallyId) : ICommand;
