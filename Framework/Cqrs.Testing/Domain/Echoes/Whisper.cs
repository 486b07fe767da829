namespace Cqrs.Testing.Domain.Echoes;

/// <summary>
/// An event whose two handlers each send a <see cref="Hush"/>; the second then fails, on its first
/// <see cref="Failures"/> attempts, so a retry aimed at it sends its hush again.
/// </summary>
[WireName("tests.v1.whisper")]
public sealed record Whisper([property: Key(0)] Guid Id, [property: Key(1)] int Failures) : IEvent;
