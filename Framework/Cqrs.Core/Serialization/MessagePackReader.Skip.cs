using System.Buffers;
using System.Buffers.Binary;

namespace Cqrs.Serialization;

/// <content>Skipping a value of any type, iteratively.</content>
public ref partial struct MessagePackReader
{
    /// <summary>Open containers Skip tracks on the stack before it rents a larger array.</summary>
    private const int SkipStackLevels = 64;

    /// <summary>Skips one value of any type, nested values included (within <see cref="MaxDepth"/>).</summary>
    /// <remarks>
    /// Iterative: for each open array or map it keeps how many values its parent still had. The nesting
    /// counts from the reader's current depth, as if each array and map were entered with <see cref="EnterNested"/>.
    /// </remarks>
    public void Skip()
    {
        var levelsLeft = _maxDepth - _depth;
        Span<int> parents = stackalloc int[SkipStackLevels];
        int[]? rented = null;
        try
        {
            var level = 0;
            var pending = 1;
            while (true)
            {
                if (pending == 0)
                {
                    if (level == 0)
                    {
                        return;
                    }

                    pending = parents[--level];
                    continue;
                }

                pending--;
                var start = _position;
                var children = SkipOne();
                if (children < 0)
                {
                    continue;
                }

                if (level >= levelsLeft)
                {
                    throw MessagePackErrors.TooDeep(_maxDepth, start);
                }

                if (children == 0)
                {
                    continue;
                }

                if (level == parents.Length)
                {
                    var larger = ArrayPool<int>.Shared.Rent(parents.Length * 2);
                    parents.CopyTo(larger);
                    if (rented is not null)
                    {
                        ArrayPool<int>.Shared.Return(rented);
                    }

                    rented = larger;
                    parents = larger;
                }

                parents[level++] = pending;
                pending = children;
            }
        }
        finally
        {
            if (rented is not null)
            {
                ArrayPool<int>.Shared.Return(rented);
            }
        }
    }

    /// <summary>
    /// Consumes one value, or only the header of an array or map; returns how many values that array or map
    /// holds (twice the entries of a map), or -1 for any other value.
    /// </summary>
    private int SkipOne()
    {
        const string Expected = "a value";
        var code = PeekCode(Expected);
        switch (code)
        {
            case <= MessagePackCode.MaxPositiveFixInt:
            case >= MessagePackCode.MinNegativeFixInt:
            case MessagePackCode.Nil:
            case MessagePackCode.False:
            case MessagePackCode.True:
                _position++;
                return -1;
            case <= MessagePackCode.MaxFixMap:
            case MessagePackCode.Map16:
            case MessagePackCode.Map32:
                return 2 * ReadMapHeader(Expected);
            case <= MessagePackCode.MaxFixArray:
            case MessagePackCode.Array16:
            case MessagePackCode.Array32:
                return ReadArrayHeader(Expected);
            case <= MessagePackCode.MaxFixStr:
            case MessagePackCode.Str8:
            case MessagePackCode.Str16:
            case MessagePackCode.Str32:
                ReadStringBytes(code, Expected);
                return -1;
            case MessagePackCode.Bin8:
            case MessagePackCode.Bin16:
            case MessagePackCode.Bin32:
                ReadBinaryBytes(code, Expected);
                return -1;
            case MessagePackCode.Ext8:
                TakeBody(3, Following(2, Expected)[0], Expected);
                return -1;
            case MessagePackCode.Ext16:
                TakeBody(4, BinaryPrimitives.ReadUInt16BigEndian(Following(3, Expected)), Expected);
                return -1;
            case MessagePackCode.Ext32:
                TakeBody(6, BinaryPrimitives.ReadUInt32BigEndian(Following(5, Expected)), Expected);
                return -1;
            default:
                var length = FixedLength(code);
                if (length < 0)
                {
                    throw MessagePackErrors.WrongType(Expected, _position, code);
                }

                Following(length - 1, Expected);
                _position += length;
                return -1;
        }
    }

    /// <summary>The whole length of a value of fixed size (floats, sized integers, fixext), or -1.</summary>
    private static int FixedLength(byte code) => code switch
    {
        MessagePackCode.UInt8 or MessagePackCode.Int8 => 2,
        MessagePackCode.UInt16 or MessagePackCode.Int16 => 3,
        MessagePackCode.FixExt1 => 3,
        MessagePackCode.FixExt2 => 4,
        MessagePackCode.Float32 or MessagePackCode.UInt32 or MessagePackCode.Int32 => 5,
        MessagePackCode.FixExt4 => 6,
        MessagePackCode.Float64 or MessagePackCode.UInt64 or MessagePackCode.Int64 => 9,
        MessagePackCode.FixExt8 => 10,
        MessagePackCode.FixExt16 => 18,
        _ => -1,
    };
}
