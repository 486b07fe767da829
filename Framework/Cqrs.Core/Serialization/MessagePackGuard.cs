using System.ComponentModel;
using System.Globalization;
using System.Runtime.CompilerServices;
using MessagePack;
using MessagePack.Resolvers;

namespace Cqrs.Serialization;

/// <summary>
/// The untrusted-input checks that generated codecs make on top of MessagePack-CSharp's reader: collection counts
/// against the bytes left, the errors for nil, missing and duplicate values, and the member an error was reading. Not
/// meant to be called by hand.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public static class MessagePackGuard
{
    /// <summary>An error this many exceptions deep names no more members (<see cref="MayName"/>).</summary>
    private const int MaxNamingDepth = 16;

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

    /// <summary>
    /// Whether a codec names, in <paramref name="exception"/>, the member it was reading (<see cref="AtKey"/>): not when
    /// memory ran out, and not once the error is <see cref="MaxNamingDepth"/> exceptions deep, so that a hostile value
    /// nested hundreds deep costs no catch and no longer message at each level: its error names the innermost members.
    /// </summary>
    public static bool MayName(Exception exception)
    {
        ArgumentNullException.ThrowIfNull(exception);
        if (exception is OutOfMemoryException)
        {
            return false;
        }

        var held = 0;
        for (var inner = exception; inner is not null; inner = inner.InnerException)
        {
            if (++held >= MaxNamingDepth)
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>
    /// The value of key <paramref name="key"/> of a <paramref name="type"/>, its <paramref name="member"/> (null for a
    /// key the type does not have), could not be read; in its list or array, at <paramref name="element"/> (-1: not in
    /// one). The message leads with the key, so that an error from a nested value reads as a path:
    /// "Shop.Order key 2 (Lines[3]): Shop.Line key 0 (Sku): Nil was read…".
    /// </summary>
    public static MessageFormatException AtKey(string type, int key, string? member, int element, Exception exception)
    {
        ArgumentNullException.ThrowIfNull(exception);
        var named = member is null ? string.Empty
            : element < 0 ? $" ({member})"
            : string.Create(CultureInfo.InvariantCulture, $" ({member}[{element}])");
        return new MessageFormatException(string.Create(CultureInfo.InvariantCulture, $"{type} key {key}{named}: {exception.Message}"), exception);
    }

    private static int Bounded(int count, int minBytes, ref MessagePackReader reader, string what)
    {
        var remaining = reader.Sequence.Length - reader.Consumed;
        return (long)count * minBytes <= remaining
            ? count
            : throw new MessageFormatException(string.Create(
                CultureInfo.InvariantCulture, $"{what} claims {count} elements of at least {minBytes} bytes, but only {remaining} bytes remain."));
    }
}
