using System.Security.Cryptography;
using System.Text;

namespace Cqrs.ServiceBus;

/// <summary>
/// The short hash that entity and rule names cut to Service Bus's 50 characters end with: taken over the whole name,
/// so two long names that share their kept part never share an entity.
/// </summary>
internal static class NameHash
{
    public const int Length = 8;

    public static string Of(string name) =>
        Convert.ToHexString(SHA256.HashData(Encoding.UTF8.GetBytes(name)))[..Length].ToLowerInvariant();
}
