using System.Buffers.Binary;

namespace Cqrs.Pipeline;

/// <summary>
/// Message ids as UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, then a per-process random start plus a
/// sequence. Unique within a process by the sequence, across processes by the random start, and ordered by
/// time. Unlike <see cref="Guid.CreateVersion7()"/>, it asks the OS for randomness once, not once per id
/// (a system call that cost ~0.8 µs per id here). Thread-safe.
/// </summary>
internal static class MessageIds
{
    private static readonly ulong ProcessRandom = (ulong)Random.Shared.NextInt64(long.MinValue, long.MaxValue);
    private static long s_sequence;

    /// <summary>A new id, with the time it was taken: one clock read serves both the id and the enqueued time.</summary>
    public static MessageStamp Next() => Stamp(DateTimeOffset.UtcNow);

    /// <summary>As <see cref="Next"/>, with the time read from <see cref="CoarseClock"/>.</summary>
    public static MessageStamp NextCoarse() => Stamp(CoarseClock.UtcNow);

    /// <summary>The millisecond an id of this kind carries: when it was taken.</summary>
    public static DateTimeOffset TimeOf(Guid id)
    {
        Span<byte> bytes = stackalloc byte[16];
        id.TryWriteBytes(bytes, bigEndian: true, out _);
        return DateTimeOffset.FromUnixTimeMilliseconds((long)(BinaryPrimitives.ReadUInt64BigEndian(bytes) >> 16));
    }

    private static MessageStamp Stamp(DateTimeOffset now)
    {
        var sequence = (ulong)Interlocked.Increment(ref s_sequence);
        var unixMilliseconds = (ulong)now.ToUnixTimeMilliseconds();
        Span<byte> bytes = stackalloc byte[16];
        BinaryPrimitives.WriteUInt64BigEndian(bytes, (unixMilliseconds << 16) | 0x7000 | (ProcessRandom >> 52));
        BinaryPrimitives.WriteUInt64BigEndian(bytes[8..], 0x8000_0000_0000_0000 | ((ProcessRandom + sequence) & 0x3FFF_FFFF_FFFF_FFFF));
        return new MessageStamp(new Guid(bytes, bigEndian: true), now);
    }
}
