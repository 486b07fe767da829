namespace Cqrs.Testing.Domain.Echoes;

/// <summary>Published by <see cref="ShoutHandler"/>: the <see cref="Index"/>-th of a shout's echoes.</summary>
[WireName("tests.v1.echo")]
public sealed record Echo([property: Key(0)] Guid Id, [property: Key(1)] int Index) : IEvent;
