namespace Cqrs.Testing.Domain.Ordering;

/// <summary>Raised by <see cref="StepHandler"/> for each step, ordered by the same key; handled by <see cref="SteppedHandler"/>.</summary>
[WireName("tests.v1.stepped")]
public sealed record Stepped([property: Key(0), OrderingKey] string Key, [property: Key(1)] int Sequence) : IEvent;
