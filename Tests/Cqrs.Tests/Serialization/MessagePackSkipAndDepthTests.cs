using Cqrs.Serialization;
using static Cqrs.Tests.Serialization.MessagePackTesting;

namespace Cqrs.Tests.Serialization;

public sealed class MessagePackSkipAndDepthTests
{
    private static byte[] Nested(int depth, byte header = 0x91) => Concat(Repeat(header, depth), Bytes("C0"));

    [Theory]
    [InlineData("00")]
    [InlineData("E0")]
    [InlineData("C0")]
    [InlineData("C2")]
    [InlineData("CC01")]
    [InlineData("CD0102")]
    [InlineData("CE01020304")]
    [InlineData("CF0102030405060708")]
    [InlineData("D001")]
    [InlineData("D10102")]
    [InlineData("D201020304")]
    [InlineData("D30102030405060708")]
    [InlineData("CA01020304")]
    [InlineData("CB0102030405060708")]
    [InlineData("A3616263")]
    [InlineData("D903616263")]
    [InlineData("DA0003616263")]
    [InlineData("DB00000003616263")]
    [InlineData("C403010203")]
    [InlineData("C50003010203")]
    [InlineData("C600000003010203")]
    [InlineData("D40101")]
    [InlineData("D5010102")]
    [InlineData("D60101020304")]
    [InlineData("D7010102030405060708")]
    [InlineData("D801000102030405060708090A0B0C0D0E0F")]
    [InlineData("C70301010203")]
    [InlineData("C8000301010203")]
    [InlineData("C90000000301010203")]
    [InlineData("C700FF")]
    [InlineData("90")]
    [InlineData("80")]
    [InlineData("9301A161C3")]
    [InlineData("DC000301A161C3")]
    [InlineData("DD0000000301A161C3")]
    [InlineData("82A16101A1629200C0")]
    [InlineData("DE0001A16101")]
    [InlineData("DF00000001A16101")]
    [InlineData("93919293009190008081A161920102C0")]
    public void Skip_consumes_exactly_one_value_of_any_type(string hex)
    {
        var data = Concat(Bytes(hex), Bytes("2A"));
        var reader = new MessagePackReader(data);

        reader.Skip();

        Assert.Equal(data.Length - 1, reader.Consumed);
        Assert.Equal(42, reader.ReadInt32());
        Assert.True(reader.End);
    }

    [Fact]
    public void Skip_passes_over_everything_the_writer_writes()
    {
        var data = Pack((ref MessagePackWriter w) =>
        {
            w.WriteArrayHeader(9);
            w.Write(long.MinValue);
            w.Write(ulong.MaxValue);
            w.Write(new string('x', 300));
            w.WriteBinary(new byte[70000]);
            w.Write(Guid.NewGuid());
            w.Write(DateTime.MaxValue);
            w.Write(DateTimeOffset.Now);
            w.Write(decimal.MinValue);
            w.WriteMapHeader(1);
            w.Write(1.5);
            w.Write(1.5f);
            w.Write(7);
        });
        var reader = new MessagePackReader(data);

        reader.Skip();

        Assert.Equal(7, reader.ReadInt32());
        Assert.True(reader.End);
    }

    [Fact]
    public void Skip_allows_nesting_up_to_MaxDepth_and_rejects_one_more()
    {
        Unpack(Nested(MessagePackReader.DefaultMaxDepth), (ref MessagePackReader r) =>
        {
            r.Skip();
            return 0;
        });
        var error = AssertRejects(Nested(MessagePackReader.DefaultMaxDepth + 1), (ref MessagePackReader r) =>
        {
            r.Skip();
            return 0;
        });
        Assert.Contains("offset 32", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Skip_counts_empty_arrays_and_maps_as_nesting()
    {
        AssertRejects(Bytes("90"), (ref MessagePackReader r) =>
        {
            r.Skip();
            return 0;
        }, maxDepth: 0);
        AssertRejects(Bytes("9180"), (ref MessagePackReader r) =>
        {
            r.Skip();
            return 0;
        }, maxDepth: 1);
        Assert.Equal(0, Unpack(Bytes("00"), (ref MessagePackReader r) =>
        {
            r.Skip();
            return 0;
        }));
    }

    [Fact]
    public void Skip_counts_nesting_from_the_depth_already_entered()
    {
        var data = Concat(Bytes("91"), Nested(MessagePackReader.DefaultMaxDepth));

        AssertRejects(data, (ref MessagePackReader r) =>
        {
            r.ReadArrayHeader();
            r.EnterNested();
            r.Skip();
            return 0;
        });
    }

    [Theory]
    [InlineData(0x91)]
    [InlineData(0x81)]
    [InlineData(0xDC)]
    public void A_depth_bomb_of_ten_thousand_headers_is_rejected_by_Skip(byte header)
    {
        var data = header switch
        {
            0x81 => Concat(Enumerable.Repeat(Bytes("8100"), 10_000).SelectMany(b => b).ToArray(), Bytes("C0")),
            0xDC => Concat(Enumerable.Repeat(Bytes("DC0001"), 10_000).SelectMany(b => b).ToArray(), Bytes("C0")),
            _ => Nested(10_000, header),
        };

        AssertRejects(data, (ref MessagePackReader r) =>
        {
            r.Skip();
            return 0;
        });
    }

    [Fact]
    public void A_depth_bomb_of_ten_thousand_headers_is_rejected_by_EnterNested()
    {
        var error = AssertRejects(Nested(10_000), AllReads.Single(r => r.Name == "EnterNested per header").Read);

        Assert.Contains("deeper than 32", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Skip_goes_deeper_than_its_stack_buffer_when_MaxDepth_allows()
    {
        var data = Nested(10_000);
        var reader = new MessagePackReader(data, maxDepth: 10_000);

        reader.Skip();

        Assert.True(reader.End);
    }

    [Fact]
    public void EnterNested_and_LeaveNested_bound_the_depth_at_any_time_not_in_total()
    {
        var reader = new MessagePackReader(Bytes("00"), maxDepth: 2);
        for (var i = 0; i < 100; i++)
        {
            reader.EnterNested();
            reader.EnterNested();
            reader.LeaveNested();
            reader.LeaveNested();
        }

        reader.EnterNested();
        reader.EnterNested();
        try
        {
            reader.EnterNested();
            Assert.Fail("A third level was entered.");
        }
        catch (MessageFormatException)
        {
        }
    }

    [Fact]
    public void LeaveNested_without_EnterNested_is_a_caller_bug()
    {
        Assert.Throws<InvalidOperationException>(() =>
        {
            var reader = new MessagePackReader(Bytes("00"));
            reader.LeaveNested();
        });
    }

    [Theory]
    [InlineData("C1")]
    [InlineData("C90000FFFF01")]
    [InlineData("C9FFFFFFFF01")]
    [InlineData("C8FFFF01")]
    [InlineData("C705")]
    [InlineData("D801")]
    [InlineData("DDFFFFFFFF")]
    [InlineData("DF40000000C0C0C0C0")]
    [InlineData("92C0")]
    [InlineData("8100")]
    public void Skip_rejects_invalid_or_truncated_values(string hex)
    {
        AssertRejects(Bytes(hex), (ref MessagePackReader r) =>
        {
            r.Skip();
            return 0;
        });
    }
}
