using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Security.Cryptography;

namespace Cqrs.Pipeline;

/// <summary>
/// Message ids as UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, then 74 random bits from the cryptographic
/// generator, so no one can guess an id (they key inboxes) from another. Ordered by millisecond; unique by their
/// random bits. Each thread draws randomness for many ids at a time: each call to the generator has a fixed cost,
/// which a batch shares out. Thread-safe.
/// </summary>
internal static class MessageIds
{
    private const int RandomBytesPerId = 10;

    [ThreadStatic]
    private static RandomBits? t_random;

    /// <summary>A new id, with the time it was taken: one clock read serves both the id and the enqueued time.</summary>
    public static MessageStamp Next(TimeProvider clock) => Stamp(clock.GetUtcNow());

    /// <summary>As <see cref="Next"/>, with the time read from <see cref="CoarseClock.System"/>.</summary>
    public static MessageStamp NextCoarse() => Stamp(CoarseClock.System.UtcNow);

    private static MessageStamp Stamp(DateTimeOffset now)
    {
        (t_random ??= new RandomBits()).Next(out var randomA, out var randomB);
        var unixMilliseconds = (ulong)now.ToUnixTimeMilliseconds();
        Span<byte> bytes = stackalloc byte[16];
        BinaryPrimitives.WriteUInt64BigEndian(bytes, (unixMilliseconds << 16) | 0x7000 | (randomA & 0x0FFFUL));
        BinaryPrimitives.WriteUInt64BigEndian(bytes[8..], 0x8000_0000_0000_0000 | (randomB & 0x3FFF_FFFF_FFFF_FFFF));
        return new MessageStamp(new Guid(bytes, bigEndian: true), now);
    }

    /// <summary>A thread's random bytes not yet used, refilled from the generator when used up.</summary>
    private sealed class RandomBits
    {
        /// <summary>Enough for many ids: each call to the generator has a fixed cost, which a batch shares out.</summary>
        private readonly byte[] _bytes = new byte[16 * 1024 / RandomBytesPerId * RandomBytesPerId];
        private int _used;

        public RandomBits()
        {
            RandomNumberGenerator.Fill(_bytes);
        }

        /// <summary>The next 74 random bits: 12 in <paramref name="randomA"/> (of 16) and 62 in <paramref name="randomB"/> (of 64).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void Next(out ulong randomA, out ulong randomB)
        {
            var used = _used;
            if (used == _bytes.Length)
            {
                Refill();
                used = 0;
            }

            _used = used + RandomBytesPerId;
            ref var first = ref MemoryMarshal.GetArrayDataReference(_bytes);
            randomA = Unsafe.ReadUnaligned<ushort>(ref Unsafe.Add(ref first, used));
            randomB = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref first, used + sizeof(ushort)));
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private void Refill() => RandomNumberGenerator.Fill(_bytes);
    }
}
