namespace Cqrs.Testing.Domain.Screening;

/// <summary>Raised by <see cref="EnrolHandler"/>; its validator's rule is asynchronous too.</summary>
[WireName("tests.v1.enrolled")]
public sealed record Enrolled([property: Key(0)] string Name) : IEvent;
