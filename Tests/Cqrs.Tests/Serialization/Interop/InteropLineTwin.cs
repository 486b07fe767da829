using MessagePack;

namespace Cqrs.Tests.Serialization.Interop;

/// <summary><see cref="InteropLine"/> for MessagePack-CSharp.</summary>
[MessagePackObject]
public sealed class InteropLineTwin
{
    [MessagePack.Key(0)] public string Sku { get; set; } = "";
    [MessagePack.Key(1)] public int Quantity { get; set; }
    [MessagePack.Key(2)] public decimal Price { get; set; }
}
