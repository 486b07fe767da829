using Cqrs.Serialization;
using static Cqrs.Tests.Serialization.MessagePackTesting;

namespace Cqrs.Tests.Serialization;

public sealed class MessagePackTimeTests
{
    private static readonly DateTime Epoch = new(1970, 1, 1, 0, 0, 0, DateTimeKind.Utc);

    public static TheoryData<DateTime, string> Timestamps => new()
    {
        // timestamp 32: whole seconds in [0, 2^32).
        { Epoch, "D6FF00000000" },
        { Epoch.AddSeconds(1), "D6FF00000001" },
        { Epoch.AddSeconds(uint.MaxValue), "D6FFFFFFFFFF" },

        // timestamp 64: nanoseconds, or seconds in [2^32, 2^34).
        { Epoch.AddTicks(1), "D7FF0000019000000000" },
        { Epoch.AddSeconds(4294967296), "D7FF0000000100000000" },
        { Epoch.AddSeconds(17179869183).AddTicks(9_999_999), "D7FFEE6B2673FFFFFFFF" },

        // timestamp 96: negative seconds or seconds from 2^34.
        { Epoch.AddSeconds(-1), "C70CFF00000000FFFFFFFFFFFFFFFF" },
        { Epoch.AddSeconds(17179869184), "C70CFF000000000000000400000000" },
        { DateTime.MinValue, "C70CFF00000000FFFFFFF1886E0900" },
        { DateTime.MaxValue, "C70CFF3B9AC99C0000003AFFF4417F" },
    };

    [Theory]
    [MemberData(nameof(Timestamps))]
    public void DateTime_uses_the_shortest_timestamp_form_and_reads_back(DateTime value, string hex)
    {
        var utc = DateTime.SpecifyKind(value, DateTimeKind.Utc);

        var bytes = Pack((ref MessagePackWriter w) => w.Write(utc));
        var read = Unpack(bytes, (ref MessagePackReader r) => r.ReadDateTime());

        Assert.Equal(hex, Hex(bytes));
        Assert.Equal(utc.Ticks, read.Ticks);
        Assert.Equal(DateTimeKind.Utc, read.Kind);
    }

    [Fact]
    public void Local_times_are_converted_to_utc_and_unspecified_ones_taken_as_utc()
    {
        var local = new DateTime(2024, 7, 1, 12, 30, 15, 123, DateTimeKind.Local);
        var unspecified = new DateTime(2024, 7, 1, 12, 30, 15, 123, DateTimeKind.Unspecified);

        var localBytes = Pack((ref MessagePackWriter w) => w.Write(local));
        var unspecifiedBytes = Pack((ref MessagePackWriter w) => w.Write(unspecified));

        Assert.Equal(Hex(Pack((ref MessagePackWriter w) => w.Write(local.ToUniversalTime()))), Hex(localBytes));
        Assert.Equal(local.ToUniversalTime(), Unpack(localBytes, (ref MessagePackReader r) => r.ReadDateTime()));
        Assert.Equal(Hex(Pack((ref MessagePackWriter w) => w.Write(DateTime.SpecifyKind(unspecified, DateTimeKind.Utc)))), Hex(unspecifiedBytes));
    }

    [Theory]
    [InlineData("D7FF0000025800000000", 1L)] // 150 ns: the tick below is kept, the rest dropped.
    [InlineData("D7FFEE6B27FC00000000", 9_999_999L)] // 999,999,999 ns.
    [InlineData("C70CFF000000000000000000000000", 0L)] // Timestamp 96 for the epoch is accepted too.
    public void DateTime_reads_nanoseconds_down_to_the_tick(string hex, long ticksAfterEpoch)
    {
        Assert.Equal(Epoch.AddTicks(ticksAfterEpoch), Unpack(Bytes(hex), (ref MessagePackReader r) => r.ReadDateTime()));
    }

    [Theory]
    [InlineData("D7FFEE6B280000000000")] // timestamp 64 with 1,000,000,000 ns
    [InlineData("D7FFFFFFFFFC00000000")] // timestamp 64 with 2^30 - 1 ns
    [InlineData("C70CFF3B9ACA000000000000000000")] // timestamp 96 with 1,000,000,000 ns
    [InlineData("C70CFF000000000000003AFFF44180")] // one second after year 9999
    [InlineData("C70CFF00000000FFFFFFF1886E08FF")] // one second before year 1
    [InlineData("C70CFF000000007FFFFFFFFFFFFFFF")] // int64 max seconds
    [InlineData("C70CFF000000008000000000000000")] // int64 min seconds
    [InlineData("D60100000000")] // extension type 1, not -1
    [InlineData("D7000000000000000000")] // extension type 0
    [InlineData("C708FF0000000000000000")] // ext 8 of 8 bytes
    [InlineData("C80000FF")] // ext 16
    [InlineData("D4FF00")] // fixext 1
    [InlineData("CE00000000")] // an integer
    [InlineData("C0")]
    public void Invalid_timestamps_are_rejected(string hex)
    {
        AssertRejects(Bytes(hex), (ref MessagePackReader r) => r.ReadDateTime());
    }

    [Theory]
    [InlineData(0)]
    [InlineData(60)]
    [InlineData(330)]
    [InlineData(-480)]
    [InlineData(840)]
    [InlineData(-840)]
    [InlineData(-150)]
    public void DateTimeOffset_round_trips_with_its_offset(int offsetMinutes)
    {
        var value = new DateTimeOffset(2024, 2, 29, 23, 59, 59, TimeSpan.FromMinutes(offsetMinutes)).AddTicks(1234567);

        var read = Unpack(Pack((ref MessagePackWriter w) => w.Write(value)), (ref MessagePackReader r) => r.ReadDateTimeOffset());

        Assert.Equal(value.UtcTicks, read.UtcTicks);
        Assert.Equal(value.Offset, read.Offset);
        Assert.Equal(value.DateTime, read.DateTime);
    }

    [Fact]
    public void DateTimeOffset_is_an_array_of_the_clock_time_timestamp_and_the_offset_minutes()
    {
        var value = new DateTimeOffset(1970, 1, 1, 1, 0, 0, TimeSpan.FromHours(1));

        Assert.Equal("92D6FF00000E103C", Hex(Pack((ref MessagePackWriter w) => w.Write(value))));
        Assert.Equal("92D6FF00000000D0C4", Hex(Pack((ref MessagePackWriter w) => w.Write(new DateTimeOffset(1970, 1, 1, 0, 0, 0, TimeSpan.FromHours(-1))))));
    }

    [Fact]
    public void DateTimeOffset_extremes_round_trip()
    {
        foreach (var value in new[] { DateTimeOffset.MinValue, DateTimeOffset.MaxValue, new DateTimeOffset(DateTime.MaxValue.AddHours(-14), TimeSpan.FromHours(14)), new DateTimeOffset(DateTime.MinValue.AddHours(14), TimeSpan.FromHours(-14)) })
        {
            var read = Unpack(Pack((ref MessagePackWriter w) => w.Write(value)), (ref MessagePackReader r) => r.ReadDateTimeOffset());
            Assert.Equal(value.UtcTicks, read.UtcTicks);
            Assert.Equal(value.Offset, read.Offset);
        }
    }

    [Theory]
    [InlineData("93D6FF000000000000")] // three elements
    [InlineData("91D6FF00000000")] // one element
    [InlineData("92D6FF00000000CD0349")] // offset 841 minutes
    [InlineData("92D6FF00000000D1FCB7")] // offset -841 minutes
    [InlineData("92C70CFF00000000FFFFFFF1886E09003C")] // year 1 at +01:00 is an instant before year 1
    [InlineData("92D6FF00000000A13C")] // offset as a string
    [InlineData("D6FF00000000")] // a bare timestamp
    public void Invalid_DateTimeOffsets_are_rejected(string hex)
    {
        AssertRejects(Bytes(hex), (ref MessagePackReader r) => r.ReadDateTimeOffset());
    }

    [Theory]
    [InlineData(0L, "00")]
    [InlineData(1L, "01")]
    [InlineData(-1L, "FF")]
    [InlineData(36_000_000_000L, "CF0000000861C46800")]
    [InlineData(long.MaxValue, "CF7FFFFFFFFFFFFFFF")]
    [InlineData(long.MinValue, "D38000000000000000")]
    public void TimeSpan_is_its_ticks_as_an_integer(long ticks, string hex)
    {
        var value = TimeSpan.FromTicks(ticks);

        var bytes = Pack((ref MessagePackWriter w) => w.Write(value));

        Assert.Equal(hex, Hex(bytes));
        Assert.Equal(value, Unpack(bytes, (ref MessagePackReader r) => r.ReadTimeSpan()));
    }

    [Fact]
    public void TimeSpan_rejects_integers_beyond_int64()
    {
        AssertRejects(Bytes("CF8000000000000000"), (ref MessagePackReader r) => r.ReadTimeSpan());
    }
}
