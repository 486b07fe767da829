using System.Collections.Generic;
using System.Linq;
using System.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace Cqrs.Generators.Model;

/// <summary>
/// How symbols are named in generated code and in diagnostic messages. The model's type names are written in this
/// form, so discovery, the checks and the emitters all read them through here.
/// </summary>
internal static class TypeNames
{
    private static readonly SymbolDisplayFormat AnnotatedFormat = SymbolDisplayFormat.FullyQualifiedFormat
        .AddMiscellaneousOptions(SymbolDisplayMiscellaneousOptions.IncludeNullableReferenceTypeModifier);

    /// <summary><c>global::</c>-qualified, without nullable reference annotations (for codec code).</summary>
    public static string Plain(ITypeSymbol type) => type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);

    /// <summary><c>global::</c>-qualified, with nullable reference annotations (for generic arguments that must match constraints).</summary>
    public static string Annotated(ITypeSymbol type) => type.ToDisplayString(AnnotatedFormat);

    /// <summary>A generated name as a reader knows it: without <c>global::</c>.</summary>
    public static string Display(string generatedName) => generatedName.Replace("global::", string.Empty);

    /// <summary>The codec class of a type: <c>MyApp.Orders.PlaceOrder</c> gives <c>MyApp_Orders_PlaceOrderCodec</c>.</summary>
    public static string CodecName(INamedTypeSymbol type) =>
        Identifier(Display(Plain(type)), '_') + "Codec";

    /// <summary>The text with every character that cannot be in an identifier replaced, or removed when <paramref name="replacement"/> is null.</summary>
    public static string Identifier(string text, char? replacement = null)
    {
        var identifier = new StringBuilder(text.Length + 1);
        foreach (var character in text)
        {
            if (char.IsLetterOrDigit(character) || character == '_')
            {
                identifier.Append(character);
            }
            else if (replacement is { } substitute)
            {
                identifier.Append(substitute);
            }
        }

        if (identifier.Length == 0 || char.IsDigit(identifier[0]))
        {
            identifier.Insert(0, '_');
        }

        return identifier.ToString();
    }

    /// <summary>A member name usable after a dot: keywords get an <c>@</c>.</summary>
    public static string MemberAccess(ISymbol member) =>
        SyntaxFacts.GetKeywordKind(member.Name) == SyntaxKind.None ? member.Name : "@" + member.Name;

    /// <summary>Generated names as a reader knows them, quoted and comma-separated.</summary>
    public static string JoinDisplayed(IEnumerable<string> generatedNames) =>
        string.Join(", ", generatedNames.Select(name => $"'{Display(name)}'"));
}
