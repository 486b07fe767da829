using System.Buffers;
using System.Buffers.Binary;
using Cqrs.Serialization;
using Cqrs.Tests.Support;
using MessagePack;

namespace Cqrs.Tests.Serialization.Untrusted;

/// <summary>
/// What a receive refuses from untrusted data, each as a <see cref="MessageFormatException"/> (dead-lettered at once):
/// collection counts the bytes cannot hold, nil or absence where the type rules it out, a map key twice.
/// </summary>
public sealed class UntrustedPayloadTests
{
    /// <summary>
    /// Under the default message size limit, and large enough that allocating for the claimed count (16 bytes a Guid)
    /// stands far out from the fixed cost of an exception.
    /// </summary>
    private const int BodyBytes = 128 * 1024;

    [Fact]
    public void Sample_RoundTrips()
    {
        var sample = HostileSamples.Sample();

        var read = RegistryCodec<HostileEverything>.Deserialize(RegistryCodec<HostileEverything>.Serialize(sample));

        Assert.Equal(RegistryCodec<HostileEverything>.Serialize(sample), RegistryCodec<HostileEverything>.Serialize(read));
        Assert.Null(read.ShadeNames[HostileShade.Dark]);
    }

    public static TheoryData<string> CountedMembers => ["List<Guid>", "Guid[]", "Dictionary<Guid, DateTime>"];

    /// <summary>
    /// A header claiming as many elements as bytes follow (what a one-byte-per-element check lets through) is refused
    /// before anything is sized by it: a Guid takes 38 bytes, a Guid and DateTime entry 44.
    /// </summary>
    [Theory]
    [MemberData(nameof(CountedMembers))]
    public void CollectionHeader_ClaimingMoreThanTheBytesCanHold_IsRefusedWithoutAllocatingForIt(string member)
    {
        var payload = WithHostileHeader(member);
        Read(payload); // warms up the exception path, so its one-time costs are not counted below

        var before = GC.GetAllocatedBytesForCurrentThread();
        var error = Read(payload);
        var allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.Contains("bytes remain", error.Message, StringComparison.Ordinal);
        Assert.InRange(allocated, 0, BodyBytes / 4);
    }

    /// <summary>Each member that may not be nil, with the path to it that the error gives.</summary>
    public static TheoryData<string, string> NonNullableMembers => new()
    {
        { "Name", "HostileEverything key 0 (Name): " },
        { "Blob", "HostileEverything key 1 (Blob): " },
        { "Ids", "HostileEverything key 2 (Ids): " },
        { "Stock", "HostileEverything key 3 (Stock): " },
        { "Tags element", "HostileEverything key 24 (Tags[1]): " },
        { "Lines", "HostileEverything key 33 (Lines): " },
        { "Line.Sku", "HostileEverything key 32 (Line): Cqrs.Tests.Serialization.Untrusted.HostileLine key 0 (Sku): " },
        { "Lines element's Sku", "HostileEverything key 33 (Lines[2]): Cqrs.Tests.Serialization.Untrusted.HostileLine key 0 (Sku): " },
    };

    [Theory]
    [MemberData(nameof(NonNullableMembers))]
    public void Nil_ForANonNullableMember_IsRefusedNamingIt(string member, string path)
    {
        var sample = HostileSamples.Sample();
        var withNull = member switch
        {
            "Name" => sample with { Name = null! },
            "Blob" => sample with { Blob = null! },
            "Ids" => sample with { Ids = null! },
            "Stock" => sample with { Stock = null! },
            "Tags element" => sample with { Tags = ["x", null!] },
            "Lines" => sample with { Lines = null! },
            "Line.Sku" => sample with { Line = new HostileLine(null!, 1) },
            "Lines element's Sku" => sample with { Lines = [new HostileLine("a", 1), new HostileLine("b", 2), new HostileLine(null!, 3)] },
            _ => throw new ArgumentOutOfRangeException(nameof(member)),
        };

        var error = Read(RegistryCodec<HostileEverything>.Serialize(withNull));

        Assert.Contains(path + "Nil was read where a", error.Message, StringComparison.Ordinal);
        Assert.EndsWith("may not be null.", error.Message, StringComparison.Ordinal);
    }

    /// <summary>
    /// A value of the wrong type, as a sender in another language may write it (a string where the type has a number),
    /// is refused with the member it was read for: the dead-letter reason says which member to fix.
    /// </summary>
    [Fact]
    public void WrongTypeForAMember_IsRefusedNamingIt()
    {
        ReadOnlySpan<byte> five = [0xA4, .. "five"u8]; // a fixstr of four bytes

        var error = Read(SampleEndingWith(5, five));

        Assert.StartsWith(
            "The untrusted.v1.everything payload is not valid: Cqrs.Tests.Serialization.Untrusted.HostileEverything key 5 (Count): ",
            error.Message,
            StringComparison.Ordinal);
    }

    /// <summary>In a list of lists, the error gives the index in the outer list: the one the member's own loop reads.</summary>
    [Fact]
    public void WrongTypeInAListOfLists_IsRefusedNamingTheOuterElement()
    {
        ReadOnlySpan<byte> grid = [0x92, 0x92, 0x01, 0x02, 0x91, 0xA1, (byte)'x']; // [[1, 2], ["x"]]

        var error = Read(SampleEndingWith(34, grid));

        Assert.Contains("HostileEverything key 34 (Grid[1]): ", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Nil_ForNullableMembers_IsRead()
    {
        var sample = HostileSamples.Sample() with { Note = null, MaybeIds = null, Line = null, Labels = [null], MaybeCount = null };

        var read = RegistryCodec<HostileEverything>.Deserialize(RegistryCodec<HostileEverything>.Serialize(sample));

        Assert.Equal((null, null, null, null), (read.Note, read.MaybeIds, read.Line, read.MaybeCount));
        Assert.Equal([null], read.Labels);
    }

    /// <summary>
    /// A hostile chain nested hundreds deep, with a nil at its end, is refused naming only the innermost members: a
    /// deeper value makes no longer error, and no catch at each level.
    /// </summary>
    [Fact]
    public void Nil_AtTheEndOfADeepChain_IsRefusedNamingItsInnermostMembersOnly()
    {
        const int Links = 400;
        byte[] payload = [0x91, .. Repeat([0x92], Links - 1), 0x92, 0xC0, 0xC0, .. Repeat([0xA1, (byte)'x'], Links - 1)];

        var error = Assert.Throws<MessageFormatException>(() => RegistryCodec<HostileChain>.Deserialize(payload));

        Assert.EndsWith("HostileLink key 1 (Label): Nil was read where a string may not be null.", error.Message, StringComparison.Ordinal);
        var named = error.Message.Split(" key ").Length - 1;
        Assert.InRange(named, 2, 16);
    }

    [Fact]
    public void MissingKey_OfARequiredMember_IsRefused()
    {
        var error = Read(FirstMembers(RegistryCodec<HostileEverything>.Serialize(HostileSamples.Sample()), 5));

        Assert.Contains("Count", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void MissingKey_OfANonNullableConstructorMember_IsRefused()
    {
        var error = Read(FirstMembers(RegistryCodec<HostileEverything>.Serialize(HostileSamples.Sample()), 0));

        Assert.Contains("Name", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void DuplicateMapKey_IsRefused()
    {
        var payload = RegistryCodec<HostileEverything>.Serialize(HostileSamples.Sample() with { Stock = new Dictionary<string, int> { ["a"] = 1, ["b"] = 2 } });
        var secondKey = payload.AsSpan().IndexOf(new byte[] { 0xA1, (byte)'b', 0x02 });
        payload[secondKey + 1] = (byte)'a';

        var error = Read(payload);

        Assert.Contains("same key twice", error.Message, StringComparison.Ordinal);
    }

    private static IEnumerable<byte> Repeat(byte[] bytes, int times) => Enumerable.Repeat(bytes, times).SelectMany(part => part);

    private static MessageFormatException Read(byte[] payload) =>
        Assert.Throws<MessageFormatException>(() => RegistryCodec<HostileEverything>.Deserialize(payload));

    /// <summary>The payload cut to its first <paramref name="count"/> members, as an older sender would write it.</summary>
    private static byte[] FirstMembers(byte[] payload, int count) => [.. ArrayHeader(count), .. MemberBytes(payload, count)];

    /// <summary>The bytes of the first <paramref name="count"/> members of <paramref name="payload"/>, without the array header.</summary>
    private static ReadOnlySpan<byte> MemberBytes(byte[] payload, int count)
    {
        var reader = new MessagePackReader(payload);
        reader.ReadArrayHeader();
        var headerLength = (int)reader.Consumed;
        for (var i = 0; i < count; i++)
        {
            reader.Skip();
        }

        return payload.AsSpan(headerLength, (int)reader.Consumed - headerLength);
    }

    /// <summary>The sample's members before <paramref name="key"/>, then <paramref name="value"/> as that key's, the last.</summary>
    private static byte[] SampleEndingWith(int key, ReadOnlySpan<byte> value) =>
        [.. ArrayHeader(key + 1), .. MemberBytes(RegistryCodec<HostileEverything>.Serialize(HostileSamples.Sample()), key), .. value];

    private static byte[] ArrayHeader(int count)
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new MessagePackWriter(buffer);
        writer.WriteArrayHeader(count);
        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    /// <summary>
    /// The members before <paramref name="member"/>, then its array 32 or map 32 header claiming one element per byte
    /// (one entry per two) of the <see cref="BodyBytes"/> body that follows.
    /// </summary>
    private static byte[] WithHostileHeader(string member)
    {
        var (key, code) = member switch
        {
            "List<Guid>" => (2, (byte)0xDD),
            "Guid[]" => (29, (byte)0xDD),
            "Dictionary<Guid, DateTime>" => (30, (byte)0xDF),
            _ => throw new ArgumentOutOfRangeException(nameof(member)),
        };
        var payload = new byte[BodyBytes];
        var prefix = SampleEndingWith(key, [code]);
        prefix.CopyTo(payload, 0);
        var claimed = (uint)(BodyBytes - prefix.Length - 4) / (code == 0xDF ? 2u : 1u);
        BinaryPrimitives.WriteUInt32BigEndian(payload.AsSpan(prefix.Length), claimed);
        return payload;
    }
}
