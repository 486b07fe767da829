namespace Cqrs.ServiceBus.Tests.Domain.Stalling;

/// <summary>A command whose handler waits at the gate on each of its first <see cref="StalledDeliveries"/> deliveries.</summary>
[WireName("tests.v1.stall")]
public sealed record Stall([property: Key(0)] int Number, [property: Key(1)] int StalledDeliveries) : ICommand;
