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

    public static Guid Next()
    {
        var sequence = (ulong)Interlocked.Increment(ref s_sequence);
        var unixMilliseconds = (ulong)DateTimeOffset.UtcNow.ToUnixTimeMilliseconds();
        Span<byte> bytes = stackalloc byte[16];
        BinaryPrimitives.WriteUInt64BigEndian(bytes, (unixMilliseconds << 16) | 0x7000 | (ProcessRandom >> 52));
        BinaryPrimitives.WriteUInt64BigEndian(bytes[8..], 0x8000_0000_0000_0000 | ((ProcessRandom + sequence) & 0x3FFF_FFFF_FFFF_FFFF));
        return new Guid(bytes, bigEndian: true);
    }
}
