using Cqrs.Serialization;
using static Cqrs.Tests.Serialization.MessagePackTesting;

namespace Cqrs.Tests.Serialization;

public sealed class MessagePackIntegerTests
{
    [Theory]
    [InlineData(0L, "00")]
    [InlineData(1L, "01")]
    [InlineData(127L, "7F")]
    [InlineData(128L, "CC80")]
    [InlineData(255L, "CCFF")]
    [InlineData(256L, "CD0100")]
    [InlineData(300L, "CD012C")]
    [InlineData(65535L, "CDFFFF")]
    [InlineData(65536L, "CE00010000")]
    [InlineData(2147483647L, "CE7FFFFFFF")]
    [InlineData(2147483648L, "CE80000000")]
    [InlineData(4294967295L, "CEFFFFFFFF")]
    [InlineData(4294967296L, "CF0000000100000000")]
    [InlineData(long.MaxValue, "CF7FFFFFFFFFFFFFFF")]
    [InlineData(-1L, "FF")]
    [InlineData(-32L, "E0")]
    [InlineData(-33L, "D0DF")]
    [InlineData(-128L, "D080")]
    [InlineData(-129L, "D1FF7F")]
    [InlineData(-32768L, "D18000")]
    [InlineData(-32769L, "D2FFFF7FFF")]
    [InlineData(-2147483648L, "D280000000")]
    [InlineData(-2147483649L, "D3FFFFFFFF7FFFFFFF")]
    [InlineData(long.MinValue, "D38000000000000000")]
    public void Int64_is_written_in_the_shortest_encoding_and_read_back(long value, string hex)
    {
        var bytes = Pack((ref MessagePackWriter w) => w.Write(value));

        Assert.Equal(hex, Hex(bytes));
        Assert.Equal(value, Unpack(bytes, (ref MessagePackReader r) => r.ReadInt64()));
    }

    [Theory]
    [InlineData(0UL, "00")]
    [InlineData(127UL, "7F")]
    [InlineData(128UL, "CC80")]
    [InlineData(65536UL, "CE00010000")]
    [InlineData(9223372036854775808UL, "CF8000000000000000")]
    [InlineData(ulong.MaxValue, "CFFFFFFFFFFFFFFFFF")]
    public void UInt64_is_written_in_the_shortest_encoding_and_read_back(ulong value, string hex)
    {
        var bytes = Pack((ref MessagePackWriter w) => w.Write(value));

        Assert.Equal(hex, Hex(bytes));
        Assert.Equal(value, Unpack(bytes, (ref MessagePackReader r) => r.ReadUInt64()));
    }

    private static readonly long[] Boundaries =
    [
        long.MinValue, long.MinValue + 1, -2147483649, int.MinValue, -32769, short.MinValue, -129, sbyte.MinValue,
        -33, -32, -1, 0, 1, 127, 128, 255, 256, short.MaxValue, 32768, ushort.MaxValue, 65536,
        int.MaxValue, 2147483648, uint.MaxValue, 4294967296, long.MaxValue,
    ];

    private static IEnumerable<long> Within(long min, long max) => Boundaries.Where(v => v >= min && v <= max);

    [Fact]
    public void Every_integer_type_round_trips_at_every_boundary_it_holds_with_the_same_bytes_as_int64()
    {
        foreach (var v in Within(sbyte.MinValue, sbyte.MaxValue))
        {
            AssertRoundTrip(v, (ref MessagePackWriter w) => w.Write((sbyte)v), (ref MessagePackReader r) => r.ReadSByte());
        }

        foreach (var v in Within(byte.MinValue, byte.MaxValue))
        {
            AssertRoundTrip(v, (ref MessagePackWriter w) => w.Write((byte)v), (ref MessagePackReader r) => r.ReadByte());
        }

        foreach (var v in Within(short.MinValue, short.MaxValue))
        {
            AssertRoundTrip(v, (ref MessagePackWriter w) => w.Write((short)v), (ref MessagePackReader r) => r.ReadInt16());
        }

        foreach (var v in Within(ushort.MinValue, ushort.MaxValue))
        {
            AssertRoundTrip(v, (ref MessagePackWriter w) => w.Write((ushort)v), (ref MessagePackReader r) => r.ReadUInt16());
        }

        foreach (var v in Within(int.MinValue, int.MaxValue))
        {
            AssertRoundTrip(v, (ref MessagePackWriter w) => w.Write((int)v), (ref MessagePackReader r) => r.ReadInt32());
        }

        foreach (var v in Within(uint.MinValue, uint.MaxValue))
        {
            AssertRoundTrip(v, (ref MessagePackWriter w) => w.Write((uint)v), (ref MessagePackReader r) => r.ReadUInt32());
        }

        foreach (var v in Within(0, long.MaxValue))
        {
            AssertRoundTrip(v, (ref MessagePackWriter w) => w.Write((ulong)v), (ref MessagePackReader r) => (long)r.ReadUInt64());
        }
    }

    private static void AssertRoundTrip<T>(long value, PackWrite write, PackRead<T> read)
    {
        var bytes = Pack(write);
        Assert.Equal(Hex(Pack((ref MessagePackWriter w) => w.Write(value))), Hex(bytes));
        Assert.Equal(value, Convert.ToInt64(Unpack(bytes, read), System.Globalization.CultureInfo.InvariantCulture));
    }

    [Theory]
    [InlineData("D30000000000000005", 5L)]
    [InlineData("CF0000000000000005", 5L)]
    [InlineData("D2FFFFFFFF", -1L)]
    [InlineData("D100FF", 255L)]
    [InlineData("CC05", 5L)]
    [InlineData("D0E0", -32L)]
    public void Integer_reads_accept_any_encoding_whose_value_fits(string hex, long expected)
    {
        Assert.Equal(expected, Unpack(Bytes(hex), (ref MessagePackReader r) => r.ReadInt64()));
        Assert.Equal((int)expected, Unpack(Bytes(hex), (ref MessagePackReader r) => r.ReadInt32()));
        Assert.Equal((short)expected, Unpack(Bytes(hex), (ref MessagePackReader r) => r.ReadInt16()));
        if (expected >= 0)
        {
            Assert.Equal((byte)expected, Unpack(Bytes(hex), (ref MessagePackReader r) => r.ReadByte()));
            Assert.Equal((ulong)expected, Unpack(Bytes(hex), (ref MessagePackReader r) => r.ReadUInt64()));
        }
    }

    [Theory]
    [InlineData("CC80", "ReadSByte")]
    [InlineData("D1FF7F", "ReadSByte")]
    [InlineData("CD0100", "ReadByte")]
    [InlineData("FF", "ReadByte")]
    [InlineData("CD8000", "ReadInt16")]
    [InlineData("D2FFFF7FFF", "ReadInt16")]
    [InlineData("CE00010000", "ReadUInt16")]
    [InlineData("D0FF", "ReadUInt16")]
    [InlineData("CE80000000", "ReadInt32")]
    [InlineData("D3FFFFFFFF7FFFFFFF", "ReadInt32")]
    [InlineData("CF0000000100000000", "ReadUInt32")]
    [InlineData("E0", "ReadUInt32")]
    [InlineData("CF8000000000000000", "ReadInt64")]
    [InlineData("FF", "ReadUInt64")]
    [InlineData("D38000000000000000", "ReadUInt64")]
    [InlineData("CE00010000", "ReadChar")]
    [InlineData("FF", "ReadChar")]
    public void Integer_reads_reject_values_out_of_the_type_range(string hex, string method)
    {
        var read = AllReads.Single(r => r.Name == method).Read;

        var error = AssertRejects(Bytes(hex), read);

        Assert.Contains("out of its range", error.Message, StringComparison.Ordinal);
        Assert.Contains("offset 0", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("A161")]
    [InlineData("C0")]
    [InlineData("C3")]
    [InlineData("CA3F800000")]
    [InlineData("90")]
    [InlineData("C1")]
    public void Integer_reads_reject_values_that_are_not_integers(string hex)
    {
        var error = AssertRejects(Bytes(hex), (ref MessagePackReader r) => r.ReadInt32());

        Assert.Contains("Expected an int32 at byte offset 0, but found", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData('A', "41")]
    [InlineData('\u00E9', "CCE9")]
    [InlineData('\u20AC', "CD20AC")]
    [InlineData('\uFFFF', "CDFFFF")]
    [InlineData('\0', "00")]
    public void Char_is_written_as_an_unsigned_integer_and_read_back(char value, string hex)
    {
        var bytes = Pack((ref MessagePackWriter w) => w.Write(value));

        Assert.Equal(hex, Hex(bytes));
        Assert.Equal(value, Unpack(bytes, (ref MessagePackReader r) => r.ReadChar()));
    }
}
