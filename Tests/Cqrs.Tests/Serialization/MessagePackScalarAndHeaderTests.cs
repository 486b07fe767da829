using Cqrs.Serialization;
using static Cqrs.Tests.Serialization.MessagePackTesting;

namespace Cqrs.Tests.Serialization;

public sealed class MessagePackScalarAndHeaderTests
{
    [Fact]
    public void Nil_true_and_false_have_their_single_byte_codes()
    {
        Assert.Equal("C0", Hex(Pack((ref MessagePackWriter w) => w.WriteNil())));
        Assert.Equal("C3", Hex(Pack((ref MessagePackWriter w) => w.Write(true))));
        Assert.Equal("C2", Hex(Pack((ref MessagePackWriter w) => w.Write(false))));
        Assert.True(Unpack(Bytes("C3"), (ref MessagePackReader r) => r.ReadBoolean()));
        Assert.False(Unpack(Bytes("C2"), (ref MessagePackReader r) => r.ReadBoolean()));
        Assert.True(Unpack(Bytes("C0"), (ref MessagePackReader r) => r.TryReadNil()));
    }

    [Fact]
    public void TryReadNil_on_another_value_reads_nothing()
    {
        var reader = new MessagePackReader(Bytes("05"));

        Assert.False(reader.TryReadNil());
        Assert.Equal(0, reader.Consumed);
        Assert.Equal(5, reader.ReadInt32());
        Assert.True(reader.End);
    }

    [Fact]
    public void TryReadNil_at_the_end_of_the_data_throws()
    {
        AssertRejects([], (ref MessagePackReader r) => r.TryReadNil());
    }

    [Theory]
    [InlineData("00")]
    [InlineData("C0")]
    [InlineData("A474727565")]
    public void ReadBoolean_rejects_anything_but_true_and_false(string hex)
    {
        AssertRejects(Bytes(hex), (ref MessagePackReader r) => r.ReadBoolean());
    }

    [Fact]
    public void Float_and_double_use_float32_and_float64_big_endian()
    {
        Assert.Equal("CA3FC00000", Hex(Pack((ref MessagePackWriter w) => w.Write(1.5f))));
        Assert.Equal("CB3FF8000000000000", Hex(Pack((ref MessagePackWriter w) => w.Write(1.5d))));
    }

    [Theory]
    [InlineData(0d)]
    [InlineData(1.5d)]
    [InlineData(double.Epsilon)]
    [InlineData(double.MaxValue)]
    [InlineData(double.MinValue)]
    [InlineData(double.NaN)]
    [InlineData(double.PositiveInfinity)]
    [InlineData(double.NegativeInfinity)]
    [InlineData(0.1d)]
    public void Doubles_round_trip_bit_for_bit(double value)
    {
        var read = Unpack(Pack((ref MessagePackWriter w) => w.Write(value)), (ref MessagePackReader r) => r.ReadDouble());

        Assert.Equal(BitConverter.DoubleToInt64Bits(value), BitConverter.DoubleToInt64Bits(read));
    }

    [Fact]
    public void Negative_zero_keeps_its_sign()
    {
        Assert.Equal("CB8000000000000000", Hex(Pack((ref MessagePackWriter w) => w.Write(-0d))));
        Assert.Equal("CA80000000", Hex(Pack((ref MessagePackWriter w) => w.Write(-0f))));
        Assert.True(double.IsNegative(Unpack(Bytes("CB8000000000000000"), (ref MessagePackReader r) => r.ReadDouble())));
        Assert.True(float.IsNegative(Unpack(Bytes("CA80000000"), (ref MessagePackReader r) => r.ReadSingle())));
    }

    [Theory]
    [InlineData(0f)]
    [InlineData(float.Epsilon)]
    [InlineData(float.MaxValue)]
    [InlineData(float.NaN)]
    [InlineData(float.NegativeInfinity)]
    [InlineData(0.1f)]
    public void Floats_round_trip_bit_for_bit(float value)
    {
        var read = Unpack(Pack((ref MessagePackWriter w) => w.Write(value)), (ref MessagePackReader r) => r.ReadSingle());

        Assert.Equal(BitConverter.SingleToInt32Bits(value), BitConverter.SingleToInt32Bits(read));
    }

    [Theory]
    [InlineData("CA3FC00000", 1.5d)]
    [InlineData("CD012C", 300d)]
    [InlineData("FF", -1d)]
    [InlineData("D38000000000000000", -9223372036854775808d)]
    [InlineData("CFFFFFFFFFFFFFFFFF", 18446744073709551615d)]
    public void ReadDouble_accepts_float32_and_integers(string hex, double expected)
    {
        Assert.Equal(expected, Unpack(Bytes(hex), (ref MessagePackReader r) => r.ReadDouble()));
    }

    [Theory]
    [InlineData("CB3FF8000000000000", 1.5f)]
    [InlineData("CD012C", 300f)]
    [InlineData("E0", -32f)]
    [InlineData("CFFFFFFFFFFFFFFFFF", 18446744073709551615f)]
    public void ReadSingle_accepts_float64_and_integers(string hex, float expected)
    {
        Assert.Equal(expected, Unpack(Bytes(hex), (ref MessagePackReader r) => r.ReadSingle()));
    }

    [Theory]
    [InlineData("A131")]
    [InlineData("C0")]
    [InlineData("C2")]
    public void Float_reads_reject_non_numbers(string hex)
    {
        AssertRejects(Bytes(hex), (ref MessagePackReader r) => r.ReadDouble());
        AssertRejects(Bytes(hex), (ref MessagePackReader r) => r.ReadSingle());
    }

    [Theory]
    [InlineData(0, "90")]
    [InlineData(3, "93")]
    [InlineData(15, "9F")]
    [InlineData(16, "DC0010")]
    [InlineData(65535, "DCFFFF")]
    [InlineData(65536, "DD00010000")]
    public void Array_headers_use_the_shortest_encoding_and_read_back(int count, string hex)
    {
        var bytes = Pack((ref MessagePackWriter w) => w.WriteArrayHeader(count));
        Assert.Equal(hex, Hex(bytes));

        // The reader wants at least a byte per element: give it count zeros.
        var data = Concat(bytes, new byte[count]);
        var reader = new MessagePackReader(data);
        Assert.Equal(count, reader.ReadArrayHeader());
        Assert.Equal(bytes.Length, reader.Consumed);
    }

    [Theory]
    [InlineData(0, "80")]
    [InlineData(1, "81")]
    [InlineData(15, "8F")]
    [InlineData(16, "DE0010")]
    [InlineData(65535, "DEFFFF")]
    [InlineData(65536, "DF00010000")]
    public void Map_headers_use_the_shortest_encoding_and_read_back(int count, string hex)
    {
        var bytes = Pack((ref MessagePackWriter w) => w.WriteMapHeader(count));
        Assert.Equal(hex, Hex(bytes));

        var data = Concat(bytes, new byte[2 * count]);
        var reader = new MessagePackReader(data);
        Assert.Equal(count, reader.ReadMapHeader());
        Assert.Equal(bytes.Length, reader.Consumed);
    }

    [Fact]
    public void Negative_counts_are_refused_by_the_writer()
    {
        Assert.Throws<ArgumentOutOfRangeException>(() => Pack((ref MessagePackWriter w) => w.WriteArrayHeader(-1)));
        Assert.Throws<ArgumentOutOfRangeException>(() => Pack((ref MessagePackWriter w) => w.WriteMapHeader(-1)));
    }

    [Fact]
    public void A_nested_structure_has_the_bytes_the_spec_gives()
    {
        var bytes = Pack((ref MessagePackWriter w) =>
        {
            w.WriteArrayHeader(4);
            w.Write(1);
            w.Write("a");
            w.WriteArrayHeader(2);
            w.Write(true);
            w.WriteNil();
            w.WriteMapHeader(1);
            w.Write("k");
            w.Write(2);
        });

        Assert.Equal("9401A16192C3C081A16B02", Hex(bytes));
        var reader = new MessagePackReader(bytes);
        Assert.Equal(4, reader.ReadArrayHeader());
        Assert.Equal(1, reader.ReadInt32());
        Assert.Equal("a", reader.ReadString());
        Assert.Equal(2, reader.ReadArrayHeader());
        Assert.True(reader.ReadBoolean());
        Assert.True(reader.TryReadNil());
        Assert.Equal(1, reader.ReadMapHeader());
        Assert.Equal("k", reader.ReadString());
        Assert.Equal(2, reader.ReadInt32());
        Assert.True(reader.End);
    }

    [Theory]
    [InlineData("DD800000000102030405", "ReadArrayHeader")]
    [InlineData("DDFFFFFFFF", "ReadArrayHeader")]
    [InlineData("DCFFFF00000000", "ReadArrayHeader")]
    [InlineData("930102", "ReadArrayHeader")]
    [InlineData("82010203", "ReadMapHeader")]
    [InlineData("DF7FFFFFFF0102030405", "ReadMapHeader")]
    [InlineData("DE0004010203040506", "ReadMapHeader")]
    public void Headers_claiming_more_elements_than_bytes_left_are_rejected(string hex, string method)
    {
        var error = AssertRejects(Bytes(hex), AllReads.Single(r => r.Name == method).Read);

        Assert.Contains("bytes remain", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("A0", "ReadArrayHeader")]
    [InlineData("90", "ReadMapHeader")]
    [InlineData("C0", "ReadArrayHeader")]
    public void Headers_of_the_wrong_type_are_rejected(string hex, string method)
    {
        AssertRejects(Bytes(hex), AllReads.Single(r => r.Name == method).Read);
    }
}
