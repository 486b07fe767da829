using System.Security.Cryptography;
using System.Text;

namespace Cqrs.ServiceBus;

/// <summary>
/// An ordering key as a SessionId. Service Bus takes at most 128 characters; a longer key (an aggregate's stream id may
/// be up to 200) becomes the hash of its text, which stays one session per key, in every process.
/// </summary>
internal static class SessionIds
{
    /// <summary>The longest SessionId Service Bus accepts.</summary>
    public const int MaxLength = 128;

    private const string HashedPrefix = "sha256-";

    public static string Of(string key) =>
        key.Length <= MaxLength ? key : HashedPrefix + Convert.ToHexStringLower(SHA256.HashData(Encoding.UTF8.GetBytes(key)));
}
