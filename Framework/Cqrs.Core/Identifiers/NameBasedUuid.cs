namespace Cqrs.Identifiers;

/// <summary>
/// Name-based UUIDs, version 5 (RFC 9562 section 5.5): the same namespace and name always give the same id. The
/// framework derives its stable ids with it; transports and apps may derive theirs. Thread-safe (no state).
/// </summary>
public static class NameBasedUuid
{
    private const int Version = 5;

    /// <summary>SHA-1 of the namespace's bytes then the name's, its first 16 bytes with the version and variant set.</summary>
    public static Guid Of(Guid nameSpace, ReadOnlySpan<byte> name)
    {
        Span<byte> namespaceBytes = stackalloc byte[16];
        nameSpace.TryWriteBytes(namespaceBytes, bigEndian: true, out _);
        Span<byte> digest = stackalloc byte[Sha1.DigestBytes];
        Sha1.Hash(namespaceBytes, name, digest);
        digest[6] = (byte)((digest[6] & 0x0F) | (Version << 4));
        digest[8] = (byte)((digest[8] & 0x3F) | 0x80);
        return new Guid(digest[..16], bigEndian: true);
    }
}
