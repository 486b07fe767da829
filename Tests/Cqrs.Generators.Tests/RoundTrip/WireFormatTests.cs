using Cqrs.Generators.Tests.Infrastructure;
using Cqrs.Serialization;
using MessagePack;

namespace Cqrs.Generators.Tests.RoundTrip;

/// <summary>The exact bytes generated codecs write and the versioning rules they read by.</summary>
public sealed class WireFormatTests : IDisposable
{
    private const byte Nil = 0xC0;
    private const byte FixArrayOf2 = 0x92;
    private const byte FixArrayOf3 = 0x93;
    private const byte FixArrayOf5 = 0x95;

    private readonly GeneratedAssembly _assembly = new("""
        namespace Wire;

        [WireName("wire.sparse")]
        public sealed record Sparse([property: Key(0)] int First, [property: Key(2)] string? Third) : IEvent;

        [WireName("wire.versioned")]
        public sealed class Versioned : IEvent
        {
            [Key(0)] public int First { get; init; }
            [Key(1)] public List<string?> Tags { get; init; } = ["default"];
            [Key(2)] public string Name { get; set; } = "unnamed";
            [Key(3)] public int? Count { get; init; } = 3;
        }

        [WireName("wire.nested")]
        public sealed class Nested : IEvent
        {
            [Key(0)] public Nested? Inner { get; set; }
        }
        """);

    public void Dispose() => _assembly.Dispose();

    [Fact]
    public void Serialize_WritesAnArrayIndexedByKey_WithNilInTheGaps()
    {
        var codec = _assembly.Codec("Wire.Sparse");
        var value = Activator.CreateInstance(_assembly.Type("Wire.Sparse"), 1, "x")!;

        Assert.Equal([FixArrayOf3, 0x01, Nil, 0xA1, (byte)'x'], codec.Serialize(value));
    }

    [Fact]
    public void Deserialize_SkipsKeysItDoesNotKnow()
    {
        var codec = _assembly.Codec("Wire.Sparse");

        dynamic value = codec.Deserialize([FixArrayOf5, 0x01, Nil, 0xA1, (byte)'x', 0x05, 0x91, 0x01]);

        Assert.Equal(1, (int)value.First);
        Assert.Equal("x", (string)value.Third);
    }

    [Fact]
    public void Deserialize_LeavesMissingTrailingKeysAtTheirDefault()
    {
        var codec = _assembly.Codec("Wire.Sparse");

        dynamic value = codec.Deserialize([0x91, 0x07]);

        Assert.Equal(7, (int)value.First);
        Assert.Null(value.Third);
    }

    [Fact]
    public void Deserialize_OfAnOlderSendersShorterArray_KeepsInitializerValues()
    {
        var codec = _assembly.Codec("Wire.Versioned");

        dynamic value = codec.Deserialize([FixArrayOf2, 0x07, 0x91, 0xA1, (byte)'t']);

        Assert.Equal(7, (int)value.First);
        Assert.Equal(["t"], (List<string?>)value.Tags);
        Assert.Equal("unnamed", (string)value.Name);
        Assert.Equal(3, (int?)value.Count);
    }

    [Fact]
    public void Deserialize_OfNestingDeeperThanUntrustedDataAllows_ThrowsMessageFormatException()
    {
        var codec = _assembly.Codec("Wire.Nested");
        var payload = Enumerable.Repeat((byte)0x91, MessagePackSecurity.UntrustedData.MaximumObjectGraphDepth + 1).Append(Nil).ToArray();

        Assert.Throws<MessageFormatException>(() => codec.Deserialize(payload));
    }

    [Fact]
    public void Deserialize_OfNestingAsDeepAsUntrustedDataAllows_Succeeds()
    {
        var codec = _assembly.Codec("Wire.Nested");
        var payload = Enumerable.Repeat((byte)0x91, MessagePackSecurity.UntrustedData.MaximumObjectGraphDepth).Append(Nil).ToArray();

        Assert.NotNull(codec.Deserialize(payload));
    }

    [Fact]
    public void Deserialize_OfTheWrongType_ThrowsMessageFormatException()
    {
        var codec = _assembly.Codec("Wire.Sparse");

        Assert.Throws<MessageFormatException>(() => codec.Deserialize([FixArrayOf2, 0xA1, (byte)'x', Nil]));
    }
}
