using System.Diagnostics.CodeAnalysis;
using System.Security.Cryptography;
using System.Text;

namespace Cqrs.Tests.Shared;

/// <summary>
/// The ids of what handlers send, and of the copies the pipeline makes of a received message, computed as the README
/// tells users to, from RFC 9562's text with the platform's SHA-1: tests hold the framework's ids to the published layout.
/// </summary>
[SuppressMessage("Security", "CA5350:Do Not Use Weak Cryptographic Algorithms", Justification = "SHA-1 is what version 5 UUIDs are made of.")]
internal static class NameBasedIds
{
    /// <summary>The framework's namespace, as the README publishes it.</summary>
    public static readonly Guid Namespace = new("570bb53f-ce8c-4540-bc03-0776cafd685f");

    /// <summary>
    /// The id of the message at <paramref name="position"/> among those handler <paramref name="handlerName"/> sends
    /// while handling message <paramref name="handled"/>.
    /// </summary>
    public static Guid SentBy(string handlerName, Guid handled, int position)
    {
        var handlerNamespace = Version5(Namespace, Encoding.UTF8.GetBytes(handlerName));
        byte[] name = [.. handled.ToByteArray(bigEndian: true), (byte)(position >> 24), (byte)(position >> 16), (byte)(position >> 8), (byte)position];
        return Version5(handlerNamespace, name);
    }

    /// <summary>The namespace of copies' ids, as the README publishes it.</summary>
    public static readonly Guid CopyNamespace = new("3c623a4b-651a-4e3f-a4c9-20967ce35119");

    /// <summary>
    /// The id of a copy of message <paramref name="copied"/>: <paramref name="kind"/> 1 for a delayed retry, 2 for a copy
    /// for one handler, 3 for one to dead-letter; <paramref name="retryCount"/> the copy's delayed retries so far.
    /// </summary>
    public static Guid CopyOf(byte kind, Guid copied, int retryCount, string handlerName) =>
        Version5(CopyNamespace, [kind, .. copied.ToByteArray(bigEndian: true), (byte)(retryCount >> 24), (byte)(retryCount >> 16), (byte)(retryCount >> 8), (byte)retryCount, .. Encoding.UTF8.GetBytes(handlerName)]);

    /// <summary>RFC 9562 section 5.5.</summary>
    public static Guid Version5(Guid nameSpace, byte[] name)
    {
        var hash = SHA1.HashData([.. nameSpace.ToByteArray(bigEndian: true), .. name]);
        hash[6] = (byte)((hash[6] & 0x0F) | 0x50);
        hash[8] = (byte)((hash[8] & 0x3F) | 0x80);
        return new Guid(hash.AsSpan(0, 16), bigEndian: true);
    }
}
