namespace Cqrs.Tests.Domain.Holding;

/// <summary>Raised by <see cref="HoldHandler"/>; handled by <see cref="HeldHandler"/>.</summary>
[WireName("tests.v1.held")]
public sealed record Held([property: Key(0)] int Number, [property: Key(1)] HoldPoint At) : IEvent;
