namespace Cqrs.Tests.Domain.Turns;

/// <summary>A keyed command whose handler, when <paramref name="Holds"/>, waits at the <see cref="Probes.Gate"/> until it opens, deaf to its token.</summary>
[WireName("tests.v1.keyed-hold")]
public sealed record KeyedHold([property: Key(0), OrderingKey] string Key, [property: Key(1)] int Number, [property: Key(2)] bool Holds) : ICommand;
