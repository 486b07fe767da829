namespace Cqrs.Testing.Domain.Counting;

/// <summary>Raised by <see cref="PingHandler"/>; handled by <see cref="FirstPingedHandler"/> and <see cref="SecondPingedHandler"/>.</summary>
[WireName("tests.v1.pinged")]
public sealed record Pinged([property: Key(0)] int Number) : IEvent;
