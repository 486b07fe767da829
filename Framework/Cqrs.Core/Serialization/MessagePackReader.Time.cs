using System.Buffers.Binary;

namespace Cqrs.Serialization;

/// <content>DateTime, DateTimeOffset and TimeSpan.</content>
public ref partial struct MessagePackReader
{
    /// <summary>Seconds from the Unix epoch to <see cref="DateTime.MinValue"/>.</summary>
    private const long MinDateTimeSeconds = -MessagePackWriter.UnixEpochTicks / TimeSpan.TicksPerSecond;

    /// <summary>Seconds from the Unix epoch to the last whole second of <see cref="DateTime.MaxValue"/>.</summary>
    private const long MaxDateTimeSeconds = (3_155_378_975_999_999_999 - MessagePackWriter.UnixEpochTicks) / TimeSpan.TicksPerSecond;

    /// <summary>The widest offset a <see cref="DateTimeOffset"/> allows, in minutes.</summary>
    private const int MaxOffsetMinutes = 14 * 60;

    /// <summary>
    /// Reads a timestamp (extension type -1: timestamp 32, 64 or 96) as a <see cref="DateTimeKind.Utc"/>
    /// DateTime. Nanoseconds below the 100 ns tick are dropped.
    /// </summary>
    public DateTime ReadDateTime()
    {
        const string Expected = "a timestamp";
        var code = PeekCode(Expected);
        long seconds;
        uint nanoseconds;
        int length;
        switch (code)
        {
            case MessagePackCode.FixExt4:
                var body32 = Following(5, Expected);
                CheckTimestampType(body32[0], Expected);
                seconds = BinaryPrimitives.ReadUInt32BigEndian(body32[1..]);
                nanoseconds = 0;
                length = 6;
                break;
            case MessagePackCode.FixExt8:
                var body64 = Following(9, Expected);
                CheckTimestampType(body64[0], Expected);
                var packed = BinaryPrimitives.ReadUInt64BigEndian(body64[1..]);
                nanoseconds = (uint)(packed >> 34);
                seconds = (long)(packed & 0x3_ffff_ffff);
                length = 10;
                break;
            case MessagePackCode.Ext8:
                var header = Following(2, Expected);
                if (header[0] != 12)
                {
                    throw MessagePackErrors.Invalid(Expected, _position, $"found an ext 8 of {header[0]} bytes, not 12");
                }

                CheckTimestampType(header[1], Expected);
                var body96 = Following(14, Expected);
                nanoseconds = BinaryPrimitives.ReadUInt32BigEndian(body96[2..]);
                seconds = BinaryPrimitives.ReadInt64BigEndian(body96[6..]);
                length = 15;
                break;
            default:
                throw MessagePackErrors.WrongType(Expected, _position, code);
        }

        if (nanoseconds >= 1_000_000_000)
        {
            throw MessagePackErrors.Invalid(Expected, _position, $"its nanoseconds ({nanoseconds}) are not below one second");
        }

        if (seconds < MinDateTimeSeconds || seconds > MaxDateTimeSeconds)
        {
            throw MessagePackErrors.Invalid(Expected, _position, $"its {seconds} seconds from 1970 are beyond the years 1 to 9999");
        }

        _position += length;
        var ticks = MessagePackWriter.UnixEpochTicks + (seconds * TimeSpan.TicksPerSecond) + (nanoseconds / 100);
        return new DateTime(ticks, DateTimeKind.Utc);
    }

    /// <summary>Reads the 2-element array [timestamp of the clock time, offset in minutes] (MessagePack-CSharp's layout).</summary>
    public DateTimeOffset ReadDateTimeOffset()
    {
        const string Expected = "a [timestamp, offset minutes] array";
        var start = _position;
        var count = ReadArrayHeader(Expected);
        if (count != 2)
        {
            throw MessagePackErrors.Invalid(Expected, start, $"the array has {count} elements, not 2");
        }

        var clock = ReadDateTime();
        var offsetStart = _position;
        var minutes = ReadSigned(-MaxOffsetMinutes, MaxOffsetMinutes, "an offset of at most 14 hours in minutes");
        var utcTicks = clock.Ticks - (minutes * TimeSpan.TicksPerMinute);
        if (utcTicks < DateTime.MinValue.Ticks || utcTicks > DateTime.MaxValue.Ticks)
        {
            throw MessagePackErrors.Invalid(Expected, offsetStart, "the instant it gives is beyond the years 1 to 9999");
        }

        return new DateTimeOffset(clock.Ticks, TimeSpan.FromTicks(minutes * TimeSpan.TicksPerMinute));
    }

    /// <summary>Reads an integer count of ticks.</summary>
    public TimeSpan ReadTimeSpan() => new(ReadSigned(long.MinValue, long.MaxValue, "a TimeSpan (int64 ticks)"));

    private readonly void CheckTimestampType(byte type, string expected)
    {
        if ((sbyte)type != MessagePackCode.TimestampExtType)
        {
            throw MessagePackErrors.Invalid(expected, _position, $"found extension type {(sbyte)type}, not -1");
        }
    }
}
