using System.Collections.Generic;
using System.Linq;
using Cqrs.Generators.Diagnostics;
using Cqrs.Generators.Model;
using Microsoft.CodeAnalysis;

namespace Cqrs.Generators.Discovery;

/// <summary>
/// Reads a command's or event's <c>[OrderingKey]</c> member into C# that gives its key as text, the same in every
/// process: a string as it is, a Guid in its standard form, an integer or an enum's number in invariant culture.
/// Reports a message with several (CQRS019), one of another type (CQRS020), and one generated code cannot read (CQRS021).
/// </summary>
internal static class OrderingKeyDiscovery
{
    private const string InvariantCulture = "global::System.Globalization.CultureInfo.InvariantCulture";

    /// <summary>C# reading the key from a parameter named <c>message</c>, or null when the message has none or its key is wrong (reported).</summary>
    public static string? Read(INamedTypeSymbol message, Compilation compilation, List<DiagnosticInfo> diagnostics)
    {
        var marked = MessageMembers.Marked(message, IsOrderingKey);
        if (marked.Count == 0)
        {
            return null;
        }

        if (marked.Count > 1)
        {
            diagnostics.Add(DiagnosticInfo.At(
                DiagnosticDescriptors.SeveralOrderingKeys, message, message.ToDisplayString(), string.Join(", ", marked.Select(member => $"'{member.Symbol.Name}'"))));
            return null;
        }

        var (symbol, type) = marked[0];
        if (MessageMembers.Readable(message, symbol.Name, compilation) is null)
        {
            diagnostics.Add(DiagnosticInfo.At(DiagnosticDescriptors.UnreadableOrderingKey, symbol, symbol.Name, message.ToDisplayString()));
            return null;
        }

        var key = KeyOf("message." + TypeNames.MemberAccess(symbol), type);
        if (key is null)
        {
            diagnostics.Add(DiagnosticInfo.At(DiagnosticDescriptors.UnsupportedOrderingKey, symbol, symbol.Name, message.ToDisplayString(), type.ToDisplayString()));
        }

        return key;
    }

    /// <summary>True for <c>Cqrs.OrderingKeyAttribute</c>.</summary>
    public static bool IsOrderingKey(INamedTypeSymbol attribute) => KnownSymbols.IsCqrs(attribute, "OrderingKeyAttribute");

    /// <summary>C# giving the text of <paramref name="access"/>, a value of <paramref name="type"/>; null for a type no key is made from.</summary>
    private static string? KeyOf(string access, ITypeSymbol type)
    {
        if (type.SpecialType == SpecialType.System_String)
        {
            return access;
        }

        if (type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable)
        {
            var inner = nullable.TypeArguments[0];
            return ValueKey(inner) is { } text ? $"{Converted(access, inner, nullable: true)}?.{text}" : null;
        }

        return ValueKey(type) is { } valueText ? $"{Converted(access, type, nullable: false)}.{valueText}" : null;
    }

    /// <summary>The call that turns a Guid, integer or enum (as its number) into text.</summary>
    private static string? ValueKey(ITypeSymbol type) =>
        KnownSymbols.IsSystem(type, "Guid") ? "ToString()"
        : IsInteger(type) || type is INamedTypeSymbol { EnumUnderlyingType: not null } ? $"ToString({InvariantCulture})"
        : null;

    /// <summary>An enum as its underlying integer, so that renaming a member keeps its key; any other value as it is.</summary>
    private static string Converted(string access, ITypeSymbol type, bool nullable) =>
        type is INamedTypeSymbol { EnumUnderlyingType: { } underlying }
            ? $"(({TypeNames.Plain(underlying)}{(nullable ? "?" : string.Empty)}){access})"
            : access;

    private static bool IsInteger(ITypeSymbol type) => type.SpecialType
        is SpecialType.System_SByte or SpecialType.System_Byte
        or SpecialType.System_Int16 or SpecialType.System_UInt16
        or SpecialType.System_Int32 or SpecialType.System_UInt32
        or SpecialType.System_Int64 or SpecialType.System_UInt64;
}
