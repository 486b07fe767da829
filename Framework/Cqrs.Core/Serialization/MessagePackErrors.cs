using System.Globalization;
using System.Runtime.CompilerServices;

namespace Cqrs.Serialization;

/// <summary>
/// Builds the <see cref="MessageFormatException"/>s of <see cref="MessagePackReader"/>. Kept out of line
/// (callers write <c>throw MessagePackErrors.X(...)</c>) so the hot paths stay small.
/// </summary>
internal static class MessagePackErrors
{
    /// <summary>The data ends where a value was expected.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static MessageFormatException EndOfData(string expected, int offset) =>
        new(string.Create(CultureInfo.InvariantCulture, $"Expected {expected} at byte offset {offset}, but the data ends there."));

    /// <summary>A value's header was read but fewer bytes remain than it says follow.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static MessageFormatException Truncated(string expected, int offset, long needed, int remaining) =>
        new(string.Create(CultureInfo.InvariantCulture, $"Expected {expected} at byte offset {offset}: it needs {needed} more bytes but only {remaining} remain."));

    /// <summary>The value at <paramref name="offset"/> is of another type.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static MessageFormatException WrongType(string expected, int offset, byte code) =>
        new(string.Create(CultureInfo.InvariantCulture, $"Expected {expected} at byte offset {offset}, but found {MessagePackCode.Name(code)} (0x{code:x2})."));

    /// <summary>An integer does not fit the type asked for.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static MessageFormatException Overflow(string expected, int offset) =>
        new(string.Create(CultureInfo.InvariantCulture, $"Expected {expected} at byte offset {offset}, but the integer there is out of its range."));

    /// <summary>An array or map claims more elements than bytes remain.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static MessageFormatException CountTooLarge(string expected, int offset, long count, int remaining) =>
        new(string.Create(CultureInfo.InvariantCulture, $"Expected {expected} at byte offset {offset}: it claims {count} elements but only {remaining} bytes remain."));

    /// <summary>Nesting goes deeper than allowed.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static MessageFormatException TooDeep(int maxDepth, int offset) =>
        new(string.Create(CultureInfo.InvariantCulture, $"Arrays and maps nest deeper than {maxDepth} levels at byte offset {offset}."));

    /// <summary>A value is of the right type but its content is invalid.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static MessageFormatException Invalid(string expected, int offset, string why) =>
        new(string.Create(CultureInfo.InvariantCulture, $"Expected {expected} at byte offset {offset}, but {why}."));

    /// <summary>Like <see cref="Invalid(string, int, string)"/>, keeping the cause.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static MessageFormatException Invalid(string expected, int offset, string why, Exception cause) =>
        new(string.Create(CultureInfo.InvariantCulture, $"Expected {expected} at byte offset {offset}, but {why}."), cause);
}
