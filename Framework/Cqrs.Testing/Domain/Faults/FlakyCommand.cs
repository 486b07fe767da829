namespace Cqrs.Testing.Domain.Faults;

/// <summary>A command whose handler fails its first <see cref="Failures"/> attempts (<see cref="int.MaxValue"/>: always).</summary>
[WireName("tests.v1.flaky-command")]
public sealed record FlakyCommand([property: Key(0)] Guid Id, [property: Key(1)] int Failures) : ICommand;
