namespace Cqrs.Testing.Domain.Echoes;

/// <summary>Sent by the handler named <see cref="From"/>.</summary>
[WireName("tests.v1.hush")]
public sealed record Hush([property: Key(0)] Guid Id, [property: Key(1)] string From) : ICommand;
