namespace Cqrs.Tests.Domain.Building;

/// <summary>A command whose handler, validator and their dependencies count their constructions.</summary>
[WireName("tests.v1.stamp")]
public sealed record Stamp([property: Key(0)] Guid Id) : ICommand;
