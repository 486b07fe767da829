namespace Cqrs.Testing.Domain.Echoes;

/// <summary>
/// A command whose handler publishes <see cref="Echoes"/> <see cref="Echo"/> events and sends a <see cref="Hush"/>, and
/// only then fails, on its first <see cref="Failures"/> attempts: a retry sends it all again.
/// </summary>
[WireName("tests.v1.shout")]
public sealed record Shout([property: Key(0)] Guid Id, [property: Key(1)] int Echoes, [property: Key(2)] int Failures) : ICommand;
