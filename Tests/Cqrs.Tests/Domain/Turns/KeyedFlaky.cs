namespace Cqrs.Tests.Domain.Turns;

/// <summary>A keyed command whose handler fails its first <paramref name="Failures"/> attempts.</summary>
[WireName("tests.v1.keyed-flaky")]
public sealed record KeyedFlaky([property: Key(0), OrderingKey] string Key, [property: Key(1)] int Number, [property: Key(2)] int Failures) : ICommand;
