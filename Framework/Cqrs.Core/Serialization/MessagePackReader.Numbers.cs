using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace Cqrs.Serialization;

/// <content>Integers, floats and char: any integer encoding is accepted when its value fits.</content>
public ref partial struct MessagePackReader
{
    /// <summary>Reads an integer that fits an sbyte.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public sbyte ReadSByte() => (sbyte)ReadSigned(sbyte.MinValue, sbyte.MaxValue, "an int8");

    /// <summary>Reads an integer that fits a byte.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public byte ReadByte() => (byte)ReadUnsigned(byte.MaxValue, "a uint8");

    /// <summary>Reads an integer that fits a short.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public short ReadInt16() => (short)ReadSigned(short.MinValue, short.MaxValue, "an int16");

    /// <summary>Reads an integer that fits a ushort.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ushort ReadUInt16() => (ushort)ReadUnsigned(ushort.MaxValue, "a uint16");

    /// <summary>Reads an integer that fits an int.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int ReadInt32() => (int)ReadSigned(int.MinValue, int.MaxValue, "an int32");

    /// <summary>Reads an integer that fits a uint.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint ReadUInt32() => (uint)ReadUnsigned(uint.MaxValue, "a uint32");

    /// <summary>Reads an integer that fits a long.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public long ReadInt64() => ReadSigned(long.MinValue, long.MaxValue, "an int64");

    /// <summary>Reads an integer that fits a ulong.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong ReadUInt64() => ReadUnsigned(ulong.MaxValue, "a uint64");

    /// <summary>Reads float 32 (or any integer or float 64 that converts).</summary>
    public float ReadSingle()
    {
        const string Expected = "a float";
        var code = PeekCode(Expected);
        switch (code)
        {
            case MessagePackCode.Float32:
                var value = BinaryPrimitives.ReadSingleBigEndian(Following(4, Expected));
                _position += 5;
                return value;
            case MessagePackCode.Float64:
                var wide = BinaryPrimitives.ReadDoubleBigEndian(Following(8, Expected));
                _position += 9;
                return (float)wide;
            case MessagePackCode.UInt64:
                return ReadUnsigned(ulong.MaxValue, Expected);
            default:
                return ReadSigned(long.MinValue, long.MaxValue, Expected);
        }
    }

    /// <summary>Reads float 64 (or float 32 or any integer).</summary>
    public double ReadDouble()
    {
        const string Expected = "a double";
        var code = PeekCode(Expected);
        switch (code)
        {
            case MessagePackCode.Float64:
                var value = BinaryPrimitives.ReadDoubleBigEndian(Following(8, Expected));
                _position += 9;
                return value;
            case MessagePackCode.Float32:
                var narrow = BinaryPrimitives.ReadSingleBigEndian(Following(4, Expected));
                _position += 5;
                return narrow;
            case MessagePackCode.UInt64:
                return ReadUnsigned(ulong.MaxValue, Expected);
            default:
                return ReadSigned(long.MinValue, long.MaxValue, Expected);
        }
    }

    /// <summary>Reads an unsigned integer that fits a UTF-16 code unit (uint16).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public char ReadChar() => (char)ReadUnsigned(ushort.MaxValue, "a char");

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private long ReadSigned(long min, long max, string expected)
    {
        if ((uint)_position < (uint)_data.Length)
        {
            // A fixint, positive or negative, fits every signed type.
            var code = _data[_position];
            if (code <= MessagePackCode.MaxPositiveFixInt || code >= MessagePackCode.MinNegativeFixInt)
            {
                _position++;
                return (sbyte)code;
            }
        }

        return ReadSignedSlow(min, max, expected);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private ulong ReadUnsigned(ulong max, string expected)
    {
        if ((uint)_position < (uint)_data.Length)
        {
            // A positive fixint fits every unsigned type.
            var code = _data[_position];
            if (code <= MessagePackCode.MaxPositiveFixInt)
            {
                _position++;
                return code;
            }
        }

        return ReadUnsignedSlow(max, expected);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private long ReadSignedSlow(long min, long max, string expected)
    {
        long value;
        int length;
        var code = PeekCode(expected);
        switch (code)
        {
            case MessagePackCode.UInt64:
                var big = BinaryPrimitives.ReadUInt64BigEndian(Following(8, expected));
                if (big > long.MaxValue)
                {
                    throw MessagePackErrors.Overflow(expected, _position);
                }

                value = (long)big;
                length = 9;
                break;
            default:
                value = ReadAnyInteger(code, expected, out length);
                break;
        }

        if (value < min || value > max)
        {
            throw MessagePackErrors.Overflow(expected, _position);
        }

        _position += length;
        return value;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private ulong ReadUnsignedSlow(ulong max, string expected)
    {
        ulong value;
        int length;
        var code = PeekCode(expected);
        switch (code)
        {
            case MessagePackCode.UInt64:
                value = BinaryPrimitives.ReadUInt64BigEndian(Following(8, expected));
                length = 9;
                break;
            default:
                var signed = ReadAnyInteger(code, expected, out length);
                if (signed < 0)
                {
                    throw MessagePackErrors.Overflow(expected, _position);
                }

                value = (ulong)signed;
                break;
        }

        if (value > max)
        {
            throw MessagePackErrors.Overflow(expected, _position);
        }

        _position += length;
        return value;
    }

    /// <summary>Decodes the integer at the position without consuming it: any encoding but uint 64.</summary>
    private readonly long ReadAnyInteger(byte code, string expected, out int length)
    {
        switch (code)
        {
            case <= MessagePackCode.MaxPositiveFixInt:
            case >= MessagePackCode.MinNegativeFixInt:
                length = 1;
                return (sbyte)code;
            case MessagePackCode.UInt8:
                length = 2;
                return Following(1, expected)[0];
            case MessagePackCode.UInt16:
                length = 3;
                return BinaryPrimitives.ReadUInt16BigEndian(Following(2, expected));
            case MessagePackCode.UInt32:
                length = 5;
                return BinaryPrimitives.ReadUInt32BigEndian(Following(4, expected));
            case MessagePackCode.Int8:
                length = 2;
                return (sbyte)Following(1, expected)[0];
            case MessagePackCode.Int16:
                length = 3;
                return BinaryPrimitives.ReadInt16BigEndian(Following(2, expected));
            case MessagePackCode.Int32:
                length = 5;
                return BinaryPrimitives.ReadInt32BigEndian(Following(4, expected));
            case MessagePackCode.Int64:
                length = 9;
                return BinaryPrimitives.ReadInt64BigEndian(Following(8, expected));
            default:
                throw MessagePackErrors.WrongType(expected, _position, code);
        }
    }
}
