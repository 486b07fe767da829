namespace Cqrs.Tests.Domain.Cancelling;

/// <summary>A command whose handler cancels its caller's token, then honours it.</summary>
[WireName("tests.v1.stop-midway")]
public sealed record StopMidway([property: Key(0)] int Number) : ICommand;
