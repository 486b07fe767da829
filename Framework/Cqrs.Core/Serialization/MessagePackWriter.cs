using System.Buffers;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace Cqrs.Serialization;

/// <summary>
/// Writes the MessagePack format (https://github.com/msgpack/msgpack/blob/master/spec.md) into an
/// <see cref="IBufferWriter{T}"/>, always in the shortest encoding. Call <see cref="Flush"/> when done.
/// Conventions for types MessagePack has no native form for: Guid as its 36-character "D" string,
/// DateTime as the timestamp extension (-1) in UTC, DateTimeOffset as [timestamp, offset minutes],
/// TimeSpan as int64 ticks, decimal as its invariant string, char as uint16.
/// </summary>
/// <remarks>
/// Bytes are written into the span last returned by <see cref="IBufferWriter{T}.GetSpan(int)"/> and
/// committed with <see cref="IBufferWriter{T}.Advance(int)"/> when the next span is needed and on
/// <see cref="Flush"/>. Pass the writer by <c>ref</c>: a copy would commit the same bytes twice.
/// </remarks>
public ref partial struct MessagePackWriter
{
    private readonly IBufferWriter<byte> _output;

    /// <summary>The unwritten rest of the span last taken from <see cref="_output"/>.</summary>
    private Span<byte> _free;

    /// <summary>How many bytes were written into that span and not yet committed.</summary>
    private int _buffered;

    /// <summary>Creates a writer over <paramref name="output"/>.</summary>
    public MessagePackWriter(IBufferWriter<byte> output)
    {
        ArgumentNullException.ThrowIfNull(output);
        _output = output;
        _free = default;
        _buffered = 0;
    }

    /// <summary>Commits everything written to the output.</summary>
    public void Flush()
    {
        if (_buffered > 0)
        {
            _output.Advance(_buffered);
            _buffered = 0;
        }

        // The span is invalid once advanced past: take a new one for whatever is written next.
        _free = default;
    }

    /// <summary>Writes nil.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteNil() => WriteCode(MessagePackCode.Nil);

    /// <summary>Writes an array header (fixarray, array 16 or array 32) for <paramref name="count"/> elements.</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="count"/> is negative.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteArrayHeader(int count)
    {
        if ((uint)count <= 15)
        {
            WriteCode((byte)(MessagePackCode.MinFixArray | count));
        }
        else
        {
            WriteHeader16Or32(count, MessagePackCode.Array16, MessagePackCode.Array32);
        }
    }

    /// <summary>Writes a map header (fixmap, map 16 or map 32) for <paramref name="count"/> entries.</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="count"/> is negative.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteMapHeader(int count)
    {
        if ((uint)count <= 15)
        {
            WriteCode((byte)(MessagePackCode.MinFixMap | count));
        }
        else
        {
            WriteHeader16Or32(count, MessagePackCode.Map16, MessagePackCode.Map32);
        }
    }

    /// <summary>Writes true or false.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(bool value) => WriteCode(value ? MessagePackCode.True : MessagePackCode.False);

    /// <summary>At least <paramref name="size"/> free bytes; write into them, then <see cref="Commit"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private Span<byte> Reserve(int size)
    {
        if (_free.Length < size)
        {
            Refill(size);
        }

        return _free;
    }

    /// <summary>Records that <paramref name="size"/> bytes of the reserved span were written.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void Commit(int size)
    {
        _free = _free[size..];
        _buffered += size;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void Refill(int size)
    {
        Flush();
        var span = _output.GetSpan(size);
        if (span.Length < size)
        {
            throw new InvalidOperationException($"The buffer writer returned {span.Length} bytes when asked for at least {size}.");
        }

        _free = span;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void WriteCode(byte code)
    {
        var span = Reserve(1);
        span[0] = code;
        Commit(1);
    }

    private void WriteHeader16Or32(int count, byte code16, byte code32)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(count);
        if (count <= ushort.MaxValue)
        {
            var span = Reserve(3);
            span[0] = code16;
            BinaryPrimitives.WriteUInt16BigEndian(span[1..], (ushort)count);
            Commit(3);
        }
        else
        {
            var span = Reserve(5);
            span[0] = code32;
            BinaryPrimitives.WriteUInt32BigEndian(span[1..], (uint)count);
            Commit(5);
        }
    }
}
