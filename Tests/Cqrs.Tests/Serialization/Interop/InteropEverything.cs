namespace Cqrs.Tests.Serialization.Interop;

/// <summary>
/// Every member shape the generator supports, for the wire-compatibility tests with MessagePack-CSharp;
/// <see cref="InteropEverythingTwin"/> has the same keys. An event, so that it needs no handler.
/// </summary>
[WireName("interop.v1.everything")]
public sealed class InteropEverything : IEvent
{
    [Key(0)] public bool Flag { get; init; }
    [Key(1)] public byte ByteValue { get; init; }
    [Key(2)] public sbyte SByteValue { get; init; }
    [Key(3)] public short Int16Value { get; init; }
    [Key(4)] public ushort UInt16Value { get; init; }

    // Key 5 is left free: both libraries write nil in the gap.
    [Key(6)] public int Int32Value { get; init; }
    [Key(7)] public uint UInt32Value { get; init; }
    [Key(8)] public long Int64Value { get; init; }
    [Key(9)] public ulong UInt64Value { get; init; }
    [Key(10)] public float SingleValue { get; init; }
    [Key(11)] public double DoubleValue { get; init; }
    [Key(12)] public char CharValue { get; init; }
    [Key(13)] public decimal DecimalValue { get; init; }
    [Key(14)] public string Ascii { get; init; } = "";
    [Key(15)] public string Unicode { get; init; } = "";
    [Key(16)] public string? Missing { get; init; }
    [Key(17)] public Guid Id { get; init; }
    [Key(18)] public DateTime At { get; init; }
    [Key(19)] public DateTimeOffset AtOffset { get; init; }
    [Key(20)] public TimeSpan Duration { get; init; }
    [Key(21)] public byte[] Blob { get; init; } = [];
    [Key(22)] public int? NoCount { get; init; }
    [Key(23)] public int? Count { get; init; }
    [Key(24)] public InteropShade Shade { get; init; }
    [Key(25)] public string[] Tags { get; init; } = [];
    [Key(26)] public List<string> Names { get; init; } = [];
    [Key(27)] public IReadOnlyList<long> Readings { get; init; } = [];
    [Key(28)] public Dictionary<string, int> Stock { get; init; } = [];
    [Key(29)] public InteropLine? Line { get; init; }
    [Key(30)] public List<InteropLine> Lines { get; init; } = [];
}
