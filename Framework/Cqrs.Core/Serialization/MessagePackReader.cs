using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace Cqrs.Serialization;

/// <summary>
/// Reads MessagePack written by <see cref="MessagePackWriter"/> (and any conforming writer), treating
/// the data as untrusted: every length is checked against the bytes left before anything is allocated,
/// nesting is limited to <see cref="MaxDepth"/>, strings must be valid UTF-8, integers must fit the
/// type asked for, and no type is ever named by the data. Any violation throws
/// <see cref="MessageFormatException"/>; nothing else escapes.
/// </summary>
/// <remarks>
/// Each read consumes exactly one value. Integer reads accept every integer encoding whose value fits;
/// the conventions for other types are those of <see cref="MessagePackWriter"/>. After a
/// <see cref="MessageFormatException"/> the position is unspecified: discard the reader.
/// </remarks>
public ref partial struct MessagePackReader
{
    /// <summary>The default nesting limit for arrays and maps.</summary>
    public const int DefaultMaxDepth = 32;

    private readonly ReadOnlySpan<byte> _data;
    private readonly int _maxDepth;
    private int _position;
    private int _depth;

    /// <summary>Creates a reader over <paramref name="data"/>.</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="maxDepth"/> is negative.</exception>
    public MessagePackReader(ReadOnlySpan<byte> data, int maxDepth = DefaultMaxDepth)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(maxDepth);
        _data = data;
        _maxDepth = maxDepth;
        _position = 0;
        _depth = 0;
    }

    /// <summary>The nesting limit.</summary>
    public readonly int MaxDepth => _maxDepth;

    /// <summary>True when every byte has been read.</summary>
    public readonly bool End => _position >= _data.Length;

    /// <summary>How many bytes have been read.</summary>
    public readonly int Consumed => _position;

    /// <summary>Reads nil and returns true, or returns false and reads nothing.</summary>
    /// <exception cref="MessageFormatException">The data ends: a value was expected.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadNil()
    {
        if (PeekCode("a value or nil") != MessagePackCode.Nil)
        {
            return false;
        }

        _position++;
        return true;
    }

    /// <summary>Reads an array header. The count is checked against the bytes left (each element takes at least one).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int ReadArrayHeader() => ReadArrayHeader("an array");

    /// <summary>Reads a map header. The count is checked against the bytes left (each entry takes at least two).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int ReadMapHeader() => ReadMapHeader("a map");

    /// <summary>Enters a nested array or map (generated code calls this around nested values).</summary>
    /// <exception cref="MessageFormatException">Nesting exceeds <see cref="MaxDepth"/>.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void EnterNested()
    {
        if (_depth >= _maxDepth)
        {
            throw MessagePackErrors.TooDeep(_maxDepth, _position);
        }

        _depth++;
    }

    /// <summary>Leaves a nested array or map.</summary>
    /// <exception cref="InvalidOperationException">Not inside an <see cref="EnterNested"/> (a bug in the caller, not in the data).</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void LeaveNested()
    {
        if (_depth == 0)
        {
            throw new InvalidOperationException("LeaveNested was called more often than EnterNested.");
        }

        _depth--;
    }

    /// <summary>Reads true or false.</summary>
    public bool ReadBoolean()
    {
        const string Expected = "a bool";
        var code = PeekCode(Expected);
        if (code is not (MessagePackCode.False or MessagePackCode.True))
        {
            throw MessagePackErrors.WrongType(Expected, _position, code);
        }

        _position++;
        return code == MessagePackCode.True;
    }

    /// <summary>The first byte of the next value; throws naming <paramref name="expected"/> at the end of the data.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private readonly byte PeekCode(string expected)
    {
        if ((uint)_position >= (uint)_data.Length)
        {
            throw MessagePackErrors.EndOfData(expected, _position);
        }

        return _data[_position];
    }

    /// <summary>The <paramref name="length"/> bytes after the first byte of the current value, which must all be there.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private readonly ReadOnlySpan<byte> Following(int length, string expected)
    {
        var remaining = _data.Length - _position - 1;
        if (remaining < length)
        {
            throw MessagePackErrors.Truncated(expected, _position, length, remaining);
        }

        return _data.Slice(_position + 1, length);
    }

    /// <summary>
    /// Consumes the current value: a header of <paramref name="headerLength"/> bytes (already checked to be
    /// there) and a body of <paramref name="bodyLength"/> bytes, checked here; returns the body.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private ReadOnlySpan<byte> TakeBody(int headerLength, long bodyLength, string expected)
    {
        var bodyStart = _position + headerLength;
        var remaining = _data.Length - bodyStart;
        if (bodyLength > remaining)
        {
            throw MessagePackErrors.Truncated(expected, _position, bodyLength, remaining);
        }

        _position = bodyStart + (int)bodyLength;
        return _data.Slice(bodyStart, (int)bodyLength);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private int ReadArrayHeader(string expected)
    {
        var code = PeekCode(expected);
        var count = code - MessagePackCode.MinFixArray;
        if ((uint)count <= 15 && count < _data.Length - _position)
        {
            _position++;
            return count;
        }

        return ReadLargeHeader(code, MessagePackCode.MinFixArray, MessagePackCode.Array16, MessagePackCode.Array32, 1, expected);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private int ReadMapHeader(string expected)
    {
        var code = PeekCode(expected);
        var count = code - MessagePackCode.MinFixMap;
        if ((uint)count <= 15 && 2 * count < _data.Length - _position)
        {
            _position++;
            return count;
        }

        return ReadLargeHeader(code, MessagePackCode.MinFixMap, MessagePackCode.Map16, MessagePackCode.Map32, 2, expected);
    }

    /// <summary>Reads any array (or map) header and checks its count against the bytes left; each element takes at least <paramref name="bytesPerElement"/>.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private int ReadLargeHeader(byte code, byte minFix, byte code16, byte code32, int bytesPerElement, string expected)
    {
        long count;
        int headerLength;
        if (code >= minFix && code <= minFix + 15)
        {
            count = code - minFix;
            headerLength = 1;
        }
        else if (code == code16)
        {
            count = BinaryPrimitives.ReadUInt16BigEndian(Following(2, expected));
            headerLength = 3;
        }
        else if (code == code32)
        {
            count = BinaryPrimitives.ReadUInt32BigEndian(Following(4, expected));
            headerLength = 5;
        }
        else
        {
            throw MessagePackErrors.WrongType(expected, _position, code);
        }

        var remaining = _data.Length - _position - headerLength;
        if (count * bytesPerElement > remaining)
        {
            throw MessagePackErrors.CountTooLarge(expected, _position, count, remaining);
        }

        _position += headerLength;
        return (int)count;
    }
}
