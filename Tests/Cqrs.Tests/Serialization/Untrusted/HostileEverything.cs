namespace Cqrs.Tests.Serialization.Untrusted;

/// <summary>
/// Every member shape the generator supports, nullable and not, for the untrusted-input and fuzz tests. An event, so
/// that it needs no handler. <see cref="Count"/> is required: the type is never created without the data.
/// </summary>
[WireName("untrusted.v1.everything")]
public sealed record HostileEverything(
    [property: Key(0)] string Name,
    [property: Key(1)] byte[] Blob,
    [property: Key(2)] List<Guid> Ids,
    [property: Key(3)] Dictionary<string, int> Stock,
    [property: Key(4)] string? Note) : IEvent
{
    [Key(5)] public required int Count { get; init; }
    [Key(6)] public bool Flag { get; init; }
    [Key(7)] public byte ByteValue { get; init; }
    [Key(8)] public sbyte SByteValue { get; init; }
    [Key(9)] public short Int16Value { get; init; }
    [Key(10)] public ushort UInt16Value { get; init; }
    [Key(11)] public uint UInt32Value { get; init; }
    [Key(12)] public long Int64Value { get; init; }
    [Key(13)] public ulong UInt64Value { get; init; }
    [Key(14)] public float SingleValue { get; init; }
    [Key(15)] public double DoubleValue { get; init; }
    [Key(16)] public char CharValue { get; init; }
    [Key(17)] public decimal DecimalValue { get; init; }
    [Key(18)] public Guid Id { get; init; }
    [Key(19)] public DateTime At { get; init; }
    [Key(20)] public DateTimeOffset AtOffset { get; init; }
    [Key(21)] public TimeSpan Duration { get; init; }
    [Key(22)] public int? MaybeCount { get; init; }
    [Key(23)] public HostileShade Shade { get; init; }
    [Key(24)] public string[] Tags { get; init; } = [];
    [Key(25)] public IReadOnlyList<long> Readings { get; init; } = [];
    [Key(26)] public IEnumerable<int> Sequence { get; init; } = [];
    [Key(27)] public ICollection<string?> Labels { get; init; } = [];
    [Key(28)] public IReadOnlyCollection<Guid>? MaybeIds { get; init; }
    [Key(29)] public Guid[] IdArray { get; init; } = [];
    [Key(30)] public Dictionary<Guid, DateTime> Seen { get; init; } = [];
    [Key(31)] public IReadOnlyDictionary<HostileShade, string?> ShadeNames { get; init; } = new Dictionary<HostileShade, string?>();
    [Key(32)] public HostileLine? Line { get; init; }
    [Key(33)] public List<HostileLine> Lines { get; init; } = [];
    [Key(34)] public List<List<int>> Grid { get; init; } = [];
}
