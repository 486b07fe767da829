using MessagePack;

namespace Cqrs.Tests.Serialization.Interop;

/// <summary>
/// <see cref="InteropEverything"/> for MessagePack-CSharp: the same keys and types. <c>Key</c> is spelled out
/// because inside <c>Cqrs.*</c> the bare name binds to <see cref="Cqrs.KeyAttribute"/>.
/// </summary>
[MessagePackObject]
public sealed class InteropEverythingTwin
{
    [MessagePack.Key(0)] public bool Flag { get; set; }
    [MessagePack.Key(1)] public byte ByteValue { get; set; }
    [MessagePack.Key(2)] public sbyte SByteValue { get; set; }
    [MessagePack.Key(3)] public short Int16Value { get; set; }
    [MessagePack.Key(4)] public ushort UInt16Value { get; set; }
    [MessagePack.Key(6)] public int Int32Value { get; set; }
    [MessagePack.Key(7)] public uint UInt32Value { get; set; }
    [MessagePack.Key(8)] public long Int64Value { get; set; }
    [MessagePack.Key(9)] public ulong UInt64Value { get; set; }
    [MessagePack.Key(10)] public float SingleValue { get; set; }
    [MessagePack.Key(11)] public double DoubleValue { get; set; }
    [MessagePack.Key(12)] public char CharValue { get; set; }
    [MessagePack.Key(13)] public decimal DecimalValue { get; set; }
    [MessagePack.Key(14)] public string Ascii { get; set; } = "";
    [MessagePack.Key(15)] public string Unicode { get; set; } = "";
    [MessagePack.Key(16)] public string? Missing { get; set; }
    [MessagePack.Key(17)] public Guid Id { get; set; }
    [MessagePack.Key(18)] public DateTime At { get; set; }
    [MessagePack.Key(19)] public DateTimeOffset AtOffset { get; set; }
    [MessagePack.Key(20)] public TimeSpan Duration { get; set; }
    [MessagePack.Key(21)] public byte[] Blob { get; set; } = [];
    [MessagePack.Key(22)] public int? NoCount { get; set; }
    [MessagePack.Key(23)] public int? Count { get; set; }
    [MessagePack.Key(24)] public InteropShade Shade { get; set; }
    [MessagePack.Key(25)] public string[] Tags { get; set; } = [];
    [MessagePack.Key(26)] public List<string> Names { get; set; } = [];
    [MessagePack.Key(27)] public long[] Readings { get; set; } = [];
    [MessagePack.Key(28)] public Dictionary<string, int> Stock { get; set; } = [];
    [MessagePack.Key(29)] public InteropLineTwin? Line { get; set; }
    [MessagePack.Key(30)] public List<InteropLineTwin> Lines { get; set; } = [];
}
