using System.Globalization;
using System.Text;
using Cqrs.Serialization;
using static Cqrs.Tests.Serialization.MessagePackTesting;

namespace Cqrs.Tests.Serialization;

public sealed class MessagePackGuidAndDecimalTests
{
    private static byte[] Str(string value) => Pack((ref MessagePackWriter w) => w.Write(value));

    [Fact]
    public void Guid_is_its_36_character_D_string_in_str8()
    {
        var value = Guid.Parse("00112233-4455-6677-8899-aabbccddeeff");

        var bytes = Pack((ref MessagePackWriter w) => w.Write(value));

        Assert.Equal("D924" + Convert.ToHexString(Encoding.ASCII.GetBytes("00112233-4455-6677-8899-aabbccddeeff")), Hex(bytes));
        Assert.Equal(value, Unpack(bytes, (ref MessagePackReader r) => r.ReadGuid()));
    }

    [Fact]
    public void Guids_round_trip()
    {
        var random = new Random(7);
        var values = new[] { Guid.Empty, Guid.AllBitsSet }.Concat(Enumerable.Range(0, 100).Select(_ =>
        {
            var bytes = new byte[16];
            random.NextBytes(bytes);
            return new Guid(bytes);
        }));

        foreach (var value in values)
        {
            Assert.Equal(value, Unpack(Pack((ref MessagePackWriter w) => w.Write(value)), (ref MessagePackReader r) => r.ReadGuid()));
        }
    }

    [Fact]
    public void Guid_strings_in_upper_case_are_read()
    {
        Assert.Equal(
            Guid.Parse("00112233-4455-6677-8899-aabbccddeeff"),
            Unpack(Str("00112233-4455-6677-8899-AABBCCDDEEFF"), (ref MessagePackReader r) => r.ReadGuid()));
    }

    [Fact]
    public void Guid_as_bin_of_16_bytes_is_read_in_string_order()
    {
        var bytes = Concat(Bytes("C410"), Bytes("00112233445566778899AABBCCDDEEFF"));

        Assert.Equal(Guid.Parse("00112233-4455-6677-8899-aabbccddeeff"), Unpack(bytes, (ref MessagePackReader r) => r.ReadGuid()));
    }

    [Theory]
    [InlineData("00112233-4455-6677-8899-aabbccddeef")]
    [InlineData("00112233-4455-6677-8899-aabbccddeeff0")]
    [InlineData("00112233-4455-6677-8899-aabbccddeefg")]
    [InlineData("00112233-4455-6677-8899+aabbccddeeff")]
    [InlineData("001122334-455-6677-8899-aabbccddeeff")]
    [InlineData("{00112233-4455-6677-8899-aabbccddeeff}")]
    [InlineData("00112233445566778899aabbccddeeff")]
    [InlineData(" 0112233-4455-6677-8899-aabbccddeeff")]
    [InlineData("+0112233-4455-6677-8899-aabbccddeeff")]
    [InlineData("0x112233-4455-6677-8899-aabbccddeeff")]
    [InlineData("00112233-4455-6677-8899-aabbccddee\u00E9")]
    [InlineData("")]
    public void Strings_that_are_not_D_form_guids_are_rejected(string text)
    {
        AssertRejects(Str(text), (ref MessagePackReader r) => r.ReadGuid());
    }

    [Theory]
    [InlineData("C0")]
    [InlineData("01")]
    [InlineData("C40F00112233445566778899AABBCCDDEE")]
    [InlineData("C41100112233445566778899AABBCCDDEEFF00")]
    [InlineData("D924303031")]
    public void Guid_reads_reject_other_values(string hex)
    {
        AssertRejects(Bytes(hex), (ref MessagePackReader r) => r.ReadGuid());
    }

    public static TheoryData<string> Decimals =>
    [
        "0", "1", "-1", "1.00", "-0.5", "123456789.123456789",
        "79228162514264337593543950335", "-79228162514264337593543950335",
        "0.0000000000000000000000000001", "-0.0000000000000000000000000001",
        "7.9228162514264337593543950335", "-7.9228162514264337593543950335",
        "0.0000000000000000000000000000",
    ];

    [Theory]
    [MemberData(nameof(Decimals))]
    public void Decimals_round_trip_with_their_scale(string text)
    {
        var value = decimal.Parse(text, CultureInfo.InvariantCulture);

        var bytes = Pack((ref MessagePackWriter w) => w.Write(value));
        var read = Unpack(bytes, (ref MessagePackReader r) => r.ReadDecimal());

        Assert.Equal(value, read);
        Assert.Equal(value.Scale, read.Scale);
        Assert.Equal(value.ToString(CultureInfo.InvariantCulture), Unpack(bytes, (ref MessagePackReader r) => r.ReadString()));
        Assert.True(bytes[0] is >= 0xA0 and <= 0xBF, "A decimal is always a fixstr.");
    }

    [Fact]
    public void Decimal_is_its_invariant_string()
    {
        Assert.Equal("A3312E35", Hex(Pack((ref MessagePackWriter w) => w.Write(1.5m))));
        Assert.Equal("A52D302E3130", Hex(Pack((ref MessagePackWriter w) => w.Write(-0.10m))));
    }

    [Fact]
    public void Decimal_is_written_invariantly_whatever_the_current_culture()
    {
        var saved = CultureInfo.CurrentCulture;
        try
        {
            CultureInfo.CurrentCulture = CultureInfo.GetCultureInfo("de-DE");
            Assert.Equal("A3312E35", Hex(Pack((ref MessagePackWriter w) => w.Write(1.5m))));
            Assert.Equal(1.5m, Unpack(Bytes("A3312E35"), (ref MessagePackReader r) => r.ReadDecimal()));
        }
        finally
        {
            CultureInfo.CurrentCulture = saved;
        }
    }

    [Theory]
    [InlineData("")]
    [InlineData("abc")]
    [InlineData("1e5")]
    [InlineData(" 1")]
    [InlineData("1 ")]
    [InlineData("1,000")]
    [InlineData("1,5")]
    [InlineData("1.2.3")]
    [InlineData("--1")]
    [InlineData("NaN")]
    [InlineData("Infinity")]
    [InlineData("79228162514264337593543950336")]
    [InlineData("0x10")]
    public void Decimal_strings_that_are_not_invariant_numbers_in_range_are_rejected(string text)
    {
        AssertRejects(Str(text), (ref MessagePackReader r) => r.ReadDecimal());
    }

    [Theory]
    [InlineData("C0")]
    [InlineData("01")]
    [InlineData("A2C328")]
    [InlineData("A231FF")]
    public void Decimal_reads_reject_other_values(string hex)
    {
        AssertRejects(Bytes(hex), (ref MessagePackReader r) => r.ReadDecimal());
    }
}
