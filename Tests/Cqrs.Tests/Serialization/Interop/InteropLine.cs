namespace Cqrs.Tests.Serialization.Interop;

/// <summary>A nested keyed type: it gets its own generated codec, an array like the message's.</summary>
public sealed record InteropLine([property: Key(0)] string Sku, [property: Key(1)] int Quantity, [property: Key(2)] decimal Price);
