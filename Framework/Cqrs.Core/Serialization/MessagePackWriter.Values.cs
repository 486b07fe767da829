using System.Buffers.Binary;
using System.Globalization;
using System.Runtime.CompilerServices;
using System.Text;

namespace Cqrs.Serialization;

/// <content>Strings, binary, and the conventions for types MessagePack has no native form for.</content>
public ref partial struct MessagePackWriter
{
    /// <summary>Ticks of 1970-01-01T00:00:00Z, the epoch of MessagePack timestamps.</summary>
    internal const long UnixEpochTicks = 621_355_968_000_000_000;

    /// <summary>Strings of at most this many UTF-16 units encode to at most 31 UTF-8 bytes (3 per unit): a fixstr.</summary>
    private const int MaxCharsSurelyFixStr = 10;

    /// <summary>
    /// Writes a UTF-16 string as UTF-8 (fixstr, str 8, str 16 or str 32), or nil for null. A lone surrogate
    /// is written as U+FFFD, as <see cref="Encoding.UTF8"/> does.
    /// </summary>
    public void Write(string? value)
    {
        if (value is null)
        {
            WriteNil();
            return;
        }

        if (value.Length <= MaxCharsSurelyFixStr)
        {
            // Encode straight after a one-byte header, whose length is known only afterwards.
            var span = Reserve(1 + (3 * MaxCharsSurelyFixStr));
            var length = Encoding.UTF8.GetBytes(value, span[1..]);
            span[0] = (byte)(MessagePackCode.MinFixStr | length);
            Commit(1 + length);
            return;
        }

        WriteLongString(value);
    }

    /// <summary>Writes bin 8, bin 16 or bin 32.</summary>
    public void WriteBinary(ReadOnlySpan<byte> value)
    {
        var headerLength = WriteLengthHeader(value.Length, MessagePackCode.Bin8, MessagePackCode.Bin16, MessagePackCode.Bin32);
        value.CopyTo(_free[headerLength..]);
        Commit(headerLength + value.Length);
    }

    /// <summary>Writes the 36-character "D" form (<c>xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx</c>, lower case) as str 8.</summary>
    public void Write(Guid value)
    {
        var span = Reserve(2 + 36);
        span[0] = MessagePackCode.Str8;
        span[1] = 36;
        value.TryFormat(span[2..], out _, "D");
        Commit(2 + 36);
    }

    /// <summary>
    /// Writes the timestamp extension (-1) of the instant in UTC: a <see cref="DateTimeKind.Local"/> value is
    /// converted, an <see cref="DateTimeKind.Unspecified"/> one taken as UTC. The shortest of timestamp 32,
    /// 64 and 96 that holds it is used.
    /// </summary>
    public void Write(DateTime value)
    {
        if (value.Kind == DateTimeKind.Local)
        {
            value = value.ToUniversalTime();
        }

        var seconds = Math.DivRem(value.Ticks - UnixEpochTicks, TimeSpan.TicksPerSecond, out var ticks);
        if (ticks < 0)
        {
            ticks += TimeSpan.TicksPerSecond;
            seconds--;
        }

        var nanoseconds = (uint)ticks * 100;
        if ((ulong)seconds >> 34 == 0)
        {
            if (nanoseconds == 0 && seconds <= uint.MaxValue)
            {
                var span = Reserve(6);
                span[0] = MessagePackCode.FixExt4;
                span[1] = unchecked((byte)MessagePackCode.TimestampExtType);
                BinaryPrimitives.WriteUInt32BigEndian(span[2..], (uint)seconds);
                Commit(6);
            }
            else
            {
                var span = Reserve(10);
                span[0] = MessagePackCode.FixExt8;
                span[1] = unchecked((byte)MessagePackCode.TimestampExtType);
                BinaryPrimitives.WriteUInt64BigEndian(span[2..], ((ulong)nanoseconds << 34) | (ulong)seconds);
                Commit(10);
            }
        }
        else
        {
            var span = Reserve(15);
            span[0] = MessagePackCode.Ext8;
            span[1] = 12;
            span[2] = unchecked((byte)MessagePackCode.TimestampExtType);
            BinaryPrimitives.WriteUInt32BigEndian(span[3..], nanoseconds);
            BinaryPrimitives.WriteInt64BigEndian(span[7..], seconds);
            Commit(15);
        }
    }

    /// <summary>
    /// Writes a 2-element array: the timestamp of the clock time (<see cref="DateTimeOffset.DateTime"/>, taken as
    /// UTC), then the offset in whole minutes as an integer. This is MessagePack-CSharp's layout, so either side reads the other's.
    /// </summary>
    public void Write(DateTimeOffset value)
    {
        WriteCode(MessagePackCode.MinFixArray | 2);
        Write(new DateTime(value.Ticks, DateTimeKind.Utc));
        Write(value.Offset.Ticks / TimeSpan.TicksPerMinute);
    }

    /// <summary>Writes <see cref="TimeSpan.Ticks"/> as an integer.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(TimeSpan value) => Write(value.Ticks);

    /// <summary>
    /// Writes the invariant-culture "G" string (e.g. <c>-1234.5600</c>: fixed-point, scale kept), which
    /// parses back to the same value and scale. It is at most 31 characters, so always a fixstr.
    /// </summary>
    public void Write(decimal value)
    {
        var span = Reserve(32);
        if (!value.TryFormat(span[1..32], out var length, "G", CultureInfo.InvariantCulture))
        {
            throw new InvalidOperationException("A decimal formatted to more than 31 characters.");
        }

        span[0] = (byte)(MessagePackCode.MinFixStr | length);
        Commit(1 + length);
    }

    private void WriteLongString(string value)
    {
        var byteCount = Encoding.UTF8.GetByteCount(value);
        var headerLength = byteCount <= 31
            ? WriteFixStrHeader(byteCount)
            : WriteLengthHeader(byteCount, MessagePackCode.Str8, MessagePackCode.Str16, MessagePackCode.Str32);
        var written = Encoding.UTF8.GetBytes(value, _free.Slice(headerLength, byteCount));
        Commit(headerLength + written);
    }

    private int WriteFixStrHeader(int byteCount)
    {
        var span = Reserve(1 + byteCount);
        span[0] = (byte)(MessagePackCode.MinFixStr | byteCount);
        return 1;
    }

    /// <summary>
    /// Reserves room for a header and <paramref name="length"/> bytes, and writes the 8, 16 or 32-bit length
    /// header; returns its size. The caller writes the body after it and commits both.
    /// </summary>
    private int WriteLengthHeader(int length, byte code8, byte code16, byte code32)
    {
        if (length <= byte.MaxValue)
        {
            var span = Reserve(2 + length);
            span[0] = code8;
            span[1] = (byte)length;
            return 2;
        }

        if (length <= ushort.MaxValue)
        {
            var span = Reserve(3 + length);
            span[0] = code16;
            BinaryPrimitives.WriteUInt16BigEndian(span[1..], (ushort)length);
            return 3;
        }

        var large = Reserve(5 + length);
        large[0] = code32;
        BinaryPrimitives.WriteUInt32BigEndian(large[1..], (uint)length);
        return 5;
    }
}
