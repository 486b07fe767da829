using System.ComponentModel;
using System.Globalization;
using System.Runtime.CompilerServices;
using MessagePack;
using MessagePack.Resolvers;

namespace Cqrs.Serialization;

/// <summary>
/// The untrusted-input checks that generated codecs make on top of MessagePack-CSharp's reader: collection counts
/// against the bytes left, and the errors for nil, missing and duplicate values. Not meant to be called by hand.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public static class MessagePackGuard
{
    /// <summary>
    /// The options passed to MessagePack-CSharp's built-in formatters (Guid, decimal, DateTimeOffset, TimeSpan), which
    /// read none of them: a resolver without dynamic code, with untrusted-data security.
    /// </summary>
    public static MessagePackSerializerOptions Options { get; } =
        new MessagePackSerializerOptions(BuiltinResolver.Instance).WithSecurity(MessagePackSecurity.UntrustedData);

    /// <summary>
    /// Reads an array header whose count the bytes left can hold, each element taking at least
    /// <paramref name="minElementBytes"/>: a count from the data is never trusted for allocation beyond that.
    /// </summary>
    /// <exception cref="MessageFormatException">The count is larger.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int ReadArrayHeader(ref MessagePackReader reader, int minElementBytes) =>
        Bounded(reader.ReadArrayHeader(), minElementBytes, ref reader, "An array");

    /// <summary>As <see cref="ReadArrayHeader"/>, for a map whose entries take at least <paramref name="minEntryBytes"/>.</summary>
    /// <exception cref="MessageFormatException">The count is larger.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int ReadMapHeader(ref MessagePackReader reader, int minEntryBytes) =>
        Bounded(reader.ReadMapHeader(), minEntryBytes, ref reader, "A map");

    /// <summary>Nil where the member or element, of type <paramref name="type"/>, may not be null.</summary>
    public static MessageFormatException Nil(string type) =>
        new($"Nil was read where a {type} may not be null.");

    /// <summary>The array of <paramref name="type"/> ends before the key of a member that must be sent.</summary>
    public static MessageFormatException Missing(string type, string member, int key) =>
        new(string.Create(CultureInfo.InvariantCulture, $"The {type} has no key {key} ({member}), which may not be left out."));

    /// <summary>A map of <paramref name="type"/> holds one key twice.</summary>
    public static MessageFormatException DuplicateKey(string type) =>
        new($"A {type} holds the same key twice.");

    private static int Bounded(int count, int minBytes, ref MessagePackReader reader, string what)
    {
        var remaining = reader.Sequence.Length - reader.Consumed;
        return (long)count * minBytes <= remaining
            ? count
            : throw new MessageFormatException(string.Create(
                CultureInfo.InvariantCulture, $"{what} claims {count} elements of at least {minBytes} bytes, but only {remaining} bytes remain."));
    }
}
