namespace Cqrs.Testing.Domain.Relays;

/// <summary>Raised by the last <see cref="RelayHandler"/> of a chain.</summary>
[WireName("tests.v1.relay-finished")]
public sealed record RelayFinished([property: Key(0)] Guid ChainId) : IEvent;
