using System.Diagnostics.CodeAnalysis;
using System.Security.Cryptography;
using System.Text;

namespace Cqrs.Tests.Shared;

/// <summary>
/// The ids of what handlers send, computed as the README tells users to, from RFC 9562's text with the platform's SHA-1:
/// tests hold the framework's ids to the published layout.
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

    /// <summary>RFC 9562 section 5.5.</summary>
    public static Guid Version5(Guid nameSpace, byte[] name)
    {
        var hash = SHA1.HashData([.. nameSpace.ToByteArray(bigEndian: true), .. name]);
        hash[6] = (byte)((hash[6] & 0x0F) | 0x50);
        hash[8] = (byte)((hash[8] & 0x3F) | 0x80);
        return new Guid(hash.AsSpan(0, 16), bigEndian: true);
    }
}
