namespace Cqrs.Tests.Domain.Cancelling;

/// <summary>An event with two handlers: one handles it at once, the other waits at the gate until cancelled.</summary>
[WireName("tests.v1.lingered")]
public sealed record Lingered([property: Key(0)] int Number) : IEvent;
