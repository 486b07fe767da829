namespace Cqrs.Tests.Domain.Turns;

/// <summary>A keyed command whose handler sends <paramref name="Parts"/> commands of the same key.</summary>
[WireName("tests.v1.keyed-fan")]
public sealed record KeyedFan([property: Key(0), OrderingKey] string Key, [property: Key(1)] int Parts) : ICommand;
