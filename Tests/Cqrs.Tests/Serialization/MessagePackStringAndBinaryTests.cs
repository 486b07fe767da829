using Cqrs.Serialization;
using static Cqrs.Tests.Serialization.MessagePackTesting;

namespace Cqrs.Tests.Serialization;

public sealed class MessagePackStringAndBinaryTests
{
    [Theory]
    [InlineData("a", "A161")]
    [InlineData("", "A0")]
    [InlineData("abc", "A3616263")]
    [InlineData("\u00E9", "A2C3A9")]
    [InlineData("\u20AC", "A3E282AC")]
    [InlineData("\U0001F600", "A4F09F9880")]
    public void Strings_are_written_as_utf8_with_the_spec_bytes(string value, string hex)
    {
        var bytes = Pack((ref MessagePackWriter w) => w.Write(value));

        Assert.Equal(hex, Hex(bytes));
        Assert.Equal(value, Unpack(bytes, (ref MessagePackReader r) => r.ReadString()));
    }

    [Fact]
    public void Null_strings_are_nil()
    {
        Assert.Equal("C0", Hex(Pack((ref MessagePackWriter w) => w.Write((string?)null))));
        Assert.Null(Unpack(Bytes("C0"), (ref MessagePackReader r) => r.ReadString()));
    }

    [Theory]
    [InlineData(10, "AA")]
    [InlineData(11, "AB")]
    [InlineData(31, "BF")]
    [InlineData(32, "D920")]
    [InlineData(255, "D9FF")]
    [InlineData(256, "DA0100")]
    [InlineData(65535, "DAFFFF")]
    [InlineData(65536, "DB00010000")]
    [InlineData(70000, "DB00011170")]
    public void Ascii_strings_get_the_shortest_header_for_their_length(int length, string header)
    {
        var value = new string('x', length);

        var bytes = Pack((ref MessagePackWriter w) => w.Write(value));

        Assert.Equal(header, Hex(bytes[..(header.Length / 2)]));
        Assert.Equal(header.Length / 2 + length, bytes.Length);
        Assert.Equal(value, Unpack(bytes, (ref MessagePackReader r) => r.ReadString()));
    }

    [Theory]
    [InlineData("\u20AC\u20AC\u20AC\u20AC\u20AC\u20AC\u20AC\u20AC\u20AC\u20AC", "BE", 30)]
    [InlineData("\u20AC\u20AC\u20AC\u20AC\u20AC\u20AC\u20AC\u20AC\u20AC\u20ACa", "BF", 31)]
    [InlineData("\u20AC\u20AC\u20AC\u20AC\u20AC\u20AC\u20AC\u20AC\u20AC\u20ACab", "D920", 32)]
    [InlineData("\u20AC\u20AC\u20AC\u20AC\u20AC\u20AC\u20AC\u20AC\u20AC\u20AC\u20AC", "D921", 33)]
    public void Multibyte_strings_are_measured_in_utf8_bytes_not_chars(string value, string header, int byteCount)
    {
        var bytes = Pack((ref MessagePackWriter w) => w.Write(value));

        Assert.Equal(header, Hex(bytes[..(header.Length / 2)]));
        Assert.Equal(header.Length / 2 + byteCount, bytes.Length);
        Assert.Equal(value, Unpack(bytes, (ref MessagePackReader r) => r.ReadString()));
    }

    [Fact]
    public void Long_multibyte_strings_round_trip()
    {
        var value = string.Concat(Enumerable.Repeat("h\u00E9llo w\u00F6rld \u65E5\u672C\u8A9E \U0001F600 ", 5000));

        var bytes = Pack((ref MessagePackWriter w) => w.Write(value));

        Assert.Equal("DB", Hex(bytes[..1]));
        Assert.Equal(value, Unpack(bytes, (ref MessagePackReader r) => r.ReadString()));
    }

    [Fact]
    public void A_lone_surrogate_is_written_as_the_replacement_character()
    {
        Assert.Equal("A3EFBFBD", Hex(Pack((ref MessagePackWriter w) => w.Write("\uD800"))));
        Assert.Equal("A4EFBFBD61", Hex(Pack((ref MessagePackWriter w) => w.Write("\uDC00a"))));
    }

    [Theory]
    [InlineData("A1FF")]
    [InlineData("A2C328")]
    [InlineData("A2C0AF")]
    [InlineData("A3EDA080")]
    [InlineData("A4F4908080")]
    [InlineData("A1E2")]
    [InlineData("A280BF")]
    [InlineData("D902E282")]
    public void Invalid_utf8_is_rejected(string hex)
    {
        var error = AssertRejects(Bytes(hex), (ref MessagePackReader r) => r.ReadString());

        Assert.Contains("UTF-8", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("DB800000006161616161")]
    [InlineData("DBFFFFFFFF")]
    [InlineData("DA0005616161")]
    [InlineData("D9FF")]
    [InlineData("A5616161")]
    public void Strings_claiming_more_bytes_than_are_left_are_rejected(string hex)
    {
        AssertRejects(Bytes(hex), (ref MessagePackReader r) => r.ReadString());
        AssertRejects(Bytes(hex), (ref MessagePackReader r) =>
        {
            r.Skip();
            return 0;
        });
    }

    [Theory]
    [InlineData(0, "C400")]
    [InlineData(1, "C401")]
    [InlineData(255, "C4FF")]
    [InlineData(256, "C50100")]
    [InlineData(65535, "C5FFFF")]
    [InlineData(65536, "C600010000")]
    public void Binary_gets_the_shortest_header_and_round_trips(int length, string header)
    {
        var value = Enumerable.Range(0, length).Select(i => (byte)(i * 7)).ToArray();

        var bytes = Pack((ref MessagePackWriter w) => w.WriteBinary(value));

        Assert.Equal(header, Hex(bytes[..(header.Length / 2)]));
        Assert.Equal(value, bytes[(header.Length / 2)..]);
        Assert.Equal(value, Unpack(bytes, (ref MessagePackReader r) => r.ReadBinary()));
    }

    [Fact]
    public void Binary_reads_nil_as_null()
    {
        Assert.Null(Unpack(Bytes("C0"), (ref MessagePackReader r) => r.ReadBinary()));
    }

    [Theory]
    [InlineData("C6800000000102030405")]
    [InlineData("C6FFFFFFFF")]
    [InlineData("C50003AABB")]
    [InlineData("C402AA")]
    public void Binary_claiming_more_bytes_than_are_left_is_rejected(string hex)
    {
        AssertRejects(Bytes(hex), (ref MessagePackReader r) => r.ReadBinary());
    }

    [Fact]
    public void Strings_and_binary_are_not_read_as_each_other()
    {
        AssertRejects(Bytes("C40161"), (ref MessagePackReader r) => r.ReadString());
        AssertRejects(Bytes("A161"), (ref MessagePackReader r) => r.ReadBinary());
        AssertRejects(Bytes("01"), (ref MessagePackReader r) => r.ReadString());
    }
}
