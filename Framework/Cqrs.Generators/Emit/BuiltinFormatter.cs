using Cqrs.Generators.Model;

namespace Cqrs.Generators.Emit;

/// <summary>
/// MessagePack-CSharp's built-in formatters for the scalars its writer has no method for, so that their encoding is
/// the library's own (the "D" Guid string, the decimal string, [clock time, offset minutes], ticks).
/// </summary>
internal static class BuiltinFormatter
{
    /// <summary>The options passed to them, which they do not read.</summary>
    public const string Options = "global::Cqrs.Serialization.MessagePackGuard.Options";

    /// <summary>The formatter instance, or null when the reader and writer handle the scalar themselves.</summary>
    public static string? Of(ValueShape shape) => shape.ScalarName switch
    {
        "Guid" or "Decimal" or "DateTimeOffset" or "TimeSpan" => $"global::MessagePack.Formatters.{shape.ScalarName}Formatter.Instance",
        _ => null,
    };
}
