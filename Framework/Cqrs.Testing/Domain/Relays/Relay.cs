namespace Cqrs.Testing.Domain.Relays;

/// <summary>A command whose handler sends the chain's next <see cref="Relay"/>, or at the last hop raises <see cref="RelayFinished"/>.</summary>
[WireName("tests.v1.relay")]
public sealed record Relay([property: Key(0)] Guid ChainId, [property: Key(1)] int HopsLeft) : ICommand;
