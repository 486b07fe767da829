using Cqrs.Serialization;
using static Cqrs.Tests.Serialization.MessagePackTesting;

namespace Cqrs.Tests.Serialization;

public sealed class MessagePackTruncationTests
{
    /// <summary>A valid encoding of each kind, with the read that takes all of it.</summary>
    public static TheoryData<string> Cases => [.. Samples.Keys];

    private static readonly Dictionary<string, (byte[] Data, PackRead<object?> Read)> Samples = new()
    {
        ["int64 min"] = (Pack((ref MessagePackWriter w) => w.Write(long.MinValue)), (ref MessagePackReader r) => r.ReadInt64()),
        ["uint64 max"] = (Pack((ref MessagePackWriter w) => w.Write(ulong.MaxValue)), (ref MessagePackReader r) => r.ReadUInt64()),
        ["int32 as int32"] = (Bytes("D2FFFF0000"), (ref MessagePackReader r) => r.ReadInt32()),
        ["uint16 as byte"] = (Bytes("CD0001"), (ref MessagePackReader r) => r.ReadByte()),
        ["int8 as sbyte"] = (Bytes("D0C0"), (ref MessagePackReader r) => r.ReadSByte()),
        ["uint32 as char"] = (Bytes("CE00000041"), (ref MessagePackReader r) => r.ReadChar()),
        ["double"] = (Pack((ref MessagePackWriter w) => w.Write(Math.PI)), (ref MessagePackReader r) => r.ReadDouble()),
        ["float"] = (Pack((ref MessagePackWriter w) => w.Write(1.25f)), (ref MessagePackReader r) => r.ReadSingle()),
        ["fixstr"] = (Pack((ref MessagePackWriter w) => w.Write("h\u00E9llo")), (ref MessagePackReader r) => r.ReadString()),
        ["str 8"] = (Pack((ref MessagePackWriter w) => w.Write(new string('s', 40))), (ref MessagePackReader r) => r.ReadString()),
        ["str 16"] = (Pack((ref MessagePackWriter w) => w.Write(new string('s', 300))), (ref MessagePackReader r) => r.ReadString()),
        ["str 32"] = (Bytes("DB00000003616263"), (ref MessagePackReader r) => r.ReadString()),
        ["bin 8"] = (Pack((ref MessagePackWriter w) => w.WriteBinary(new byte[] { 1, 2, 3 })), (ref MessagePackReader r) => r.ReadBinary()),
        ["bin 16"] = (Pack((ref MessagePackWriter w) => w.WriteBinary(new byte[300])), (ref MessagePackReader r) => r.ReadBinary()),
        ["bin 32"] = (Bytes("C600000002FFFF"), (ref MessagePackReader r) => r.ReadBinary()),
        ["guid"] = (Pack((ref MessagePackWriter w) => w.Write(Guid.Parse("00112233-4455-6677-8899-aabbccddeeff"))), (ref MessagePackReader r) => r.ReadGuid()),
        ["guid bin"] = (Bytes("C41000112233445566778899AABBCCDDEEFF"), (ref MessagePackReader r) => r.ReadGuid()),
        ["timestamp 32"] = (Bytes("D6FF00000001"), (ref MessagePackReader r) => r.ReadDateTime()),
        ["timestamp 64"] = (Bytes("D7FF0000019000000000"), (ref MessagePackReader r) => r.ReadDateTime()),
        ["timestamp 96"] = (Pack((ref MessagePackWriter w) => w.Write(DateTime.MinValue)), (ref MessagePackReader r) => r.ReadDateTime()),
        ["datetimeoffset"] = (Pack((ref MessagePackWriter w) => w.Write(new DateTimeOffset(2024, 1, 1, 0, 0, 0, TimeSpan.FromHours(-5)).AddTicks(1))), (ref MessagePackReader r) => r.ReadDateTimeOffset()),
        ["timespan"] = (Pack((ref MessagePackWriter w) => w.Write(TimeSpan.MinValue)), (ref MessagePackReader r) => r.ReadTimeSpan()),
        ["decimal"] = (Pack((ref MessagePackWriter w) => w.Write(decimal.MinValue)), (ref MessagePackReader r) => r.ReadDecimal()),
        ["bool"] = (Bytes("C3"), (ref MessagePackReader r) => r.ReadBoolean()),
        ["nil"] = (Bytes("C0"), (ref MessagePackReader r) => r.TryReadNil()),
        ["array 16 header"] = (Bytes("DC0003010203"), (ref MessagePackReader r) => r.ReadArrayHeader() + r.ReadInt32() + r.ReadInt32() + r.ReadInt32()),
        ["array 32 header"] = (Bytes("DD0000000101"), (ref MessagePackReader r) => r.ReadArrayHeader() + r.ReadInt32()),
        ["map 16 header"] = (Bytes("DE00010101"), (ref MessagePackReader r) => r.ReadMapHeader() + r.ReadInt32() + r.ReadInt32()),
        ["map 32 header"] = (Bytes("DF000000010101"), (ref MessagePackReader r) => r.ReadMapHeader() + r.ReadInt32() + r.ReadInt32()),
        ["nested object"] = (Pack(WriteObject), ReadObject),
        ["nested object skipped"] = (Pack(WriteObject), (ref MessagePackReader r) =>
        {
            r.Skip();
            return null;
        }),
        ["ext 32 skipped"] = (Bytes("C9000000020101FF"), (ref MessagePackReader r) =>
        {
            r.Skip();
            return null;
        }),
    };

    private static void WriteObject(ref MessagePackWriter w)
    {
        w.WriteArrayHeader(4);
        w.Write(123456);
        w.Write("name");
        w.WriteArrayHeader(2);
        w.Write(true);
        w.WriteNil();
        w.WriteMapHeader(1);
        w.Write("k");
        w.Write(DateTime.UnixEpoch);
    }

    private static object? ReadObject(ref MessagePackReader r)
    {
        Assert.Equal(4, r.ReadArrayHeader());
        r.ReadInt32();
        r.ReadString();
        r.ReadArrayHeader();
        r.EnterNested();
        r.ReadBoolean();
        r.TryReadNil();
        r.LeaveNested();
        r.ReadMapHeader();
        r.EnterNested();
        r.ReadString();
        r.ReadDateTime();
        r.LeaveNested();
        return null;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void The_whole_encoding_reads(string name)
    {
        var (data, read) = Samples[name];

        Unpack(data, read);
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void Every_truncation_is_rejected_with_the_offset_named(string name)
    {
        var (data, read) = Samples[name];

        for (var length = 0; length < data.Length; length++)
        {
            var error = AssertRejects(data[..length], read);
            Assert.Contains("offset", error.Message, StringComparison.Ordinal);
            Assert.Contains("Expected", error.Message, StringComparison.Ordinal);

            var skipError = AssertRejects(data[..length], (ref MessagePackReader r) =>
            {
                r.Skip();
                return 0;
            });
            Assert.Contains("offset", skipError.Message, StringComparison.Ordinal);
        }
    }

    [Fact]
    public void A_truncation_names_the_type_expected_and_where_it_began()
    {
        var error = AssertRejects(Bytes("9201CD01"), (ref MessagePackReader r) =>
        {
            r.ReadArrayHeader();
            r.ReadInt32();
            return r.ReadInt32();
        });

        Assert.Equal("Expected an int32 at byte offset 2: it needs 2 more bytes but only 1 remain.", error.Message);
    }

    [Fact]
    public void The_end_of_the_data_names_the_type_expected_and_the_offset()
    {
        var error = AssertRejects(Bytes("9101"), (ref MessagePackReader r) =>
        {
            r.ReadArrayHeader();
            r.ReadInt32();
            return r.ReadString();
        });

        Assert.Equal("Expected a string at byte offset 2, but the data ends there.", error.Message);
    }
}
