namespace Cqrs.Tests.Domain.Bursts;

[WireName("tests.v1.burst-part")]
public sealed record BurstPart([property: Key(0)] int Index) : IEvent;
