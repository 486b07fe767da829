namespace Cqrs.Tests.Domain.Yielding;

/// <summary>A command whose handler does not complete at once: it yields, as real I/O would, then publishes.</summary>
[WireName("tests.v1.yield-then-publish")]
public sealed record YieldThenPublish([property: Key(0)] int Number) : ICommand;

[WireName("tests.v1.yielded")]
public sealed record Yielded([property: Key(0)] int Number) : IEvent;
