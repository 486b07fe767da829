namespace Cqrs.Tests.Domain.Holding;

/// <summary>A command whose operation waits at the <see cref="Probes.Gate"/>, at <see cref="At"/>, and raises <see cref="Held"/>.</summary>
[WireName("tests.v1.hold")]
public sealed record Hold([property: Key(0)] int Number, [property: Key(1)] HoldPoint At) : ICommand;
