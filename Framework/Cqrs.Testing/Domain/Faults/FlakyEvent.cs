namespace Cqrs.Testing.Domain.Faults;

/// <summary>
/// An event with three handlers: <see cref="FlakyEventHandler"/> fails its first <see cref="Failures"/> attempts
/// (<see cref="int.MaxValue"/>: always); <see cref="FirstSteadyHandler"/> and <see cref="SecondSteadyHandler"/> never fail.
/// </summary>
[WireName("tests.v1.flaky-event")]
public sealed record FlakyEvent([property: Key(0)] Guid Id, [property: Key(1)] int Failures) : IEvent;
