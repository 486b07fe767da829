using System.Buffers.Binary;
using System.Numerics;
using System.Runtime.CompilerServices;

namespace Cqrs.Identifiers;

/// <summary>
/// SHA-1 (FIPS 180-4) of short inputs, for name-based message ids (<see cref="NameBasedUuid"/>). Our own rather than
/// <see cref="System.Security.Cryptography.SHA1"/>: the platform's one-shot call goes through the operating system's
/// library, whose fixed cost per call dwarfs hashing the one block a message id needs, and a handler may send on every
/// hop. Not for security: collision resistance is not what an id relies on (anyone who may send may pick any id).
/// Thread-safe (no state).
/// </summary>
internal static class Sha1
{
    public const int DigestBytes = 20;

    private const int BlockBytes = 64;

    /// <summary>Hashes <paramref name="first"/> followed by <paramref name="second"/> into <paramref name="digest"/> (20 bytes).</summary>
    public static void Hash(ReadOnlySpan<byte> first, ReadOnlySpan<byte> second, Span<byte> digest)
    {
        Span<uint> state = [0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0];
        Span<byte> block = stackalloc byte[BlockBytes];
        var length = (ulong)first.Length + (ulong)second.Length;
        var filled = 0;
        Absorb(state, block, ref filled, first);
        Absorb(state, block, ref filled, second);

        // Padding: a 1 bit, zeros, and the length in bits in the last 8 bytes of the last block.
        block[filled++] = 0x80;
        if (filled > BlockBytes - sizeof(ulong))
        {
            block[filled..].Clear();
            Compress(state, block);
            filled = 0;
        }

        block[filled..(BlockBytes - sizeof(ulong))].Clear();
        BinaryPrimitives.WriteUInt64BigEndian(block[(BlockBytes - sizeof(ulong))..], length * 8);
        Compress(state, block);
        for (var word = 0; word < state.Length; word++)
        {
            BinaryPrimitives.WriteUInt32BigEndian(digest[(word * sizeof(uint))..], state[word]);
        }
    }

    /// <summary>Adds <paramref name="part"/> to the block being filled, compressing each block as it fills up.</summary>
    private static void Absorb(Span<uint> state, Span<byte> block, ref int filled, ReadOnlySpan<byte> part)
    {
        while (!part.IsEmpty)
        {
            var taken = Math.Min(BlockBytes - filled, part.Length);
            part[..taken].CopyTo(block[filled..]);
            part = part[taken..];
            filled += taken;
            if (filled == BlockBytes)
            {
                Compress(state, block);
                filled = 0;
            }
        }
    }

    /// <summary>The compression function: one 64-byte block into the five-word state, in four rounds of twenty steps.</summary>
    private static void Compress(Span<uint> state, ReadOnlySpan<byte> block)
    {
        Span<uint> w = stackalloc uint[80];
        for (var t = 0; t < 16; t++)
        {
            w[t] = BinaryPrimitives.ReadUInt32BigEndian(block[(t * sizeof(uint))..]);
        }

        for (var t = 16; t < 80; t++)
        {
            w[t] = BitOperations.RotateLeft(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);
        }

        uint a = state[0], b = state[1], c = state[2], d = state[3], e = state[4];
        for (var t = 0; t < 20; t++)
        {
            Step(ref a, ref b, ref c, ref d, ref e, ((b & c) | (~b & d)) + 0x5A827999u + w[t]);
        }

        for (var t = 20; t < 40; t++)
        {
            Step(ref a, ref b, ref c, ref d, ref e, (b ^ c ^ d) + 0x6ED9EBA1u + w[t]);
        }

        for (var t = 40; t < 60; t++)
        {
            Step(ref a, ref b, ref c, ref d, ref e, ((b & c) | (b & d) | (c & d)) + 0x8F1BBCDCu + w[t]);
        }

        for (var t = 60; t < 80; t++)
        {
            Step(ref a, ref b, ref c, ref d, ref e, (b ^ c ^ d) + 0xCA62C1D6u + w[t]);
        }

        state[0] += a;
        state[1] += b;
        state[2] += c;
        state[3] += d;
        state[4] += e;
    }

    /// <summary>One step: <paramref name="mixed"/> is the round's function of b, c and d, plus its constant and the step's word.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Step(ref uint a, ref uint b, ref uint c, ref uint d, ref uint e, uint mixed)
    {
        var next = BitOperations.RotateLeft(a, 5) + mixed + e;
        e = d;
        d = c;
        c = BitOperations.RotateLeft(b, 30);
        b = a;
        a = next;
    }
}
