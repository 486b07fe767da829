namespace Cqrs.Tests.Serialization.Untrusted;

/// <summary>A nested contract of <see cref="HostileEverything"/>.</summary>
public sealed record HostileLine(
    [property: Key(0)] string Sku,
    [property: Key(1)] int Quantity);
