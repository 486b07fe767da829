using System.Runtime.InteropServices;

namespace Cqrs.EventSourcing.Sqlite;

/// <summary>The values the store writes as BLOBs.</summary>
internal static class Blobs
{
    /// <summary>An id as 16 bytes in RFC 4122 (big-endian) order.</summary>
    public static byte[] FromId(Guid id) => id.ToByteArray(bigEndian: true);

    /// <summary>The id <paramref name="blob"/> holds, when it has the 16 bytes of one.</summary>
    public static bool TryReadId(byte[] blob, out Guid id)
    {
        id = blob.Length == 16 ? new Guid(blob, bigEndian: true) : Guid.Empty;
        return blob.Length == 16;
    }

    /// <summary>The bytes as an array to bind: the array behind <paramref name="bytes"/> when it is exactly that, a copy otherwise.</summary>
    public static byte[] From(ReadOnlyMemory<byte> bytes) =>
        MemoryMarshal.TryGetArray(bytes, out var segment) && segment.Offset == 0 && segment.Count == segment.Array!.Length
            ? segment.Array
            : bytes.ToArray();
}
