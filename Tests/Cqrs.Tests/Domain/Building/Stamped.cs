namespace Cqrs.Tests.Domain.Building;

/// <summary>Raised by <see cref="StampHandler"/>; handled by <see cref="FileStamped"/> and <see cref="AnnounceStamped"/>.</summary>
[WireName("tests.v1.stamped")]
public sealed record Stamped([property: Key(0)] Guid Id) : IEvent;
