namespace Cqrs.Testing.Domain.Stopping;

/// <summary>Raised by the handler of <see cref="BeginStop"/> once the stop it began is under way; no handler needs it.</summary>
[WireName("tests.v1.stop-begun")]
public sealed record StopBegun([property: Key(0)] int Number) : IEvent;
