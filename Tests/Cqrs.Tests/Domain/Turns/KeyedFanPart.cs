namespace Cqrs.Tests.Domain.Turns;

/// <summary>One part a <see cref="KeyedFan"/> sends, under the fan's key.</summary>
[WireName("tests.v1.keyed-fan-part")]
public sealed record KeyedFanPart([property: Key(0), OrderingKey] string Key, [property: Key(1)] int Index) : ICommand;
