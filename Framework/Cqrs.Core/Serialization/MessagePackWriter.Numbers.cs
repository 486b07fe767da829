using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace Cqrs.Serialization;

/// <content>Integers, floats and char, each in its shortest encoding.</content>
public ref partial struct MessagePackWriter
{
    /// <summary>Writes an integer in its shortest encoding.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(sbyte value) => Write((long)value);

    /// <summary>Writes an integer in its shortest encoding.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(byte value) => Write((ulong)value);

    /// <summary>Writes an integer in its shortest encoding.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(short value) => Write((long)value);

    /// <summary>Writes an integer in its shortest encoding.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(ushort value) => Write((ulong)value);

    /// <summary>Writes an integer in its shortest encoding.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(int value) => Write((long)value);

    /// <summary>Writes an integer in its shortest encoding.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(uint value) => Write((ulong)value);

    /// <summary>Writes an integer in its shortest encoding: fixint, uint 8..64 when not negative, else int 8..64.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(long value)
    {
        if ((ulong)value <= MessagePackCode.MaxPositiveFixInt)
        {
            WriteCode((byte)value);
        }
        else
        {
            WriteInteger(value);
        }
    }

    /// <summary>Writes an integer in its shortest encoding.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(ulong value)
    {
        if (value <= MessagePackCode.MaxPositiveFixInt)
        {
            WriteCode((byte)value);
        }
        else
        {
            WriteUnsigned(value);
        }
    }

    /// <summary>Writes float 32.</summary>
    public void Write(float value)
    {
        var span = Reserve(5);
        span[0] = MessagePackCode.Float32;
        BinaryPrimitives.WriteSingleBigEndian(span[1..], value);
        Commit(5);
    }

    /// <summary>Writes float 64.</summary>
    public void Write(double value)
    {
        var span = Reserve(9);
        span[0] = MessagePackCode.Float64;
        BinaryPrimitives.WriteDoubleBigEndian(span[1..], value);
        Commit(9);
    }

    /// <summary>Writes the UTF-16 code unit as an unsigned integer (uint16 at most).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(char value) => Write((ulong)value);

    private void WriteInteger(long value)
    {
        if (value >= 0)
        {
            WriteUnsigned((ulong)value);
        }
        else if (value >= -32)
        {
            WriteCode((byte)value);
        }
        else if (value >= sbyte.MinValue)
        {
            var span = Reserve(2);
            span[0] = MessagePackCode.Int8;
            span[1] = (byte)value;
            Commit(2);
        }
        else if (value >= short.MinValue)
        {
            var span = Reserve(3);
            span[0] = MessagePackCode.Int16;
            BinaryPrimitives.WriteInt16BigEndian(span[1..], (short)value);
            Commit(3);
        }
        else if (value >= int.MinValue)
        {
            var span = Reserve(5);
            span[0] = MessagePackCode.Int32;
            BinaryPrimitives.WriteInt32BigEndian(span[1..], (int)value);
            Commit(5);
        }
        else
        {
            var span = Reserve(9);
            span[0] = MessagePackCode.Int64;
            BinaryPrimitives.WriteInt64BigEndian(span[1..], value);
            Commit(9);
        }
    }

    private void WriteUnsigned(ulong value)
    {
        if (value <= MessagePackCode.MaxPositiveFixInt)
        {
            WriteCode((byte)value);
        }
        else if (value <= byte.MaxValue)
        {
            var span = Reserve(2);
            span[0] = MessagePackCode.UInt8;
            span[1] = (byte)value;
            Commit(2);
        }
        else if (value <= ushort.MaxValue)
        {
            var span = Reserve(3);
            span[0] = MessagePackCode.UInt16;
            BinaryPrimitives.WriteUInt16BigEndian(span[1..], (ushort)value);
            Commit(3);
        }
        else if (value <= uint.MaxValue)
        {
            var span = Reserve(5);
            span[0] = MessagePackCode.UInt32;
            BinaryPrimitives.WriteUInt32BigEndian(span[1..], (uint)value);
            Commit(5);
        }
        else
        {
            var span = Reserve(9);
            span[0] = MessagePackCode.UInt64;
            BinaryPrimitives.WriteUInt64BigEndian(span[1..], value);
            Commit(9);
        }
    }
}
