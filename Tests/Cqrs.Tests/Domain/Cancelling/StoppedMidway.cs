namespace Cqrs.Tests.Domain.Cancelling;

/// <summary>An event with two handlers: one cancels its caller's token and honours it, the other handles it.</summary>
[WireName("tests.v1.stopped-midway")]
public sealed record StoppedMidway([property: Key(0)] int Number) : IEvent;
