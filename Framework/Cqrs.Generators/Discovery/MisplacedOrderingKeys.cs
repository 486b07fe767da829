using System.Threading;
using Cqrs.Generators.Diagnostics;
using Cqrs.Generators.Model;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Cqrs.Generators.Discovery;

/// <summary>
/// Finds <c>[OrderingKey]</c> on a member of a type that is not a command or event (CQRS018), where it would order
/// nothing. Read from the attribute, not the type: such a type need not have a base list, so the message pipeline never
/// sees it. An abstract type is passed over: it may be the base of messages that inherit the key.
/// </summary>
internal static class MisplacedOrderingKeys
{
    public static bool IsCandidate(SyntaxNode node, CancellationToken cancellationToken) =>
        node is AttributeSyntax attribute && NameOf(attribute.Name) is "OrderingKey" or "OrderingKeyAttribute";

    public static DiagnosticInfo? Discover(GeneratorSyntaxContext context, CancellationToken cancellationToken)
    {
        var attribute = (AttributeSyntax)context.Node;
        if (context.SemanticModel.GetSymbolInfo(attribute, cancellationToken).Symbol is not IMethodSymbol { ContainingType: var attributeType }
            || !OrderingKeyDiscovery.IsOrderingKey(attributeType)
            || attribute.Parent?.Parent is not { } marked
            || MemberName(marked) is not { } member
            || marked.FirstAncestorOrSelf<TypeDeclarationSyntax>() is not { } declaration
            || context.SemanticModel.GetDeclaredSymbol(declaration, cancellationToken) is not INamedTypeSymbol type
            || type.IsAbstract
            || KnownSymbols.IsMessage(type))
        {
            return null;
        }

        return DiagnosticInfo.At(DiagnosticDescriptors.OrderingKeyOutsideMessage, LocationInfo.Of(attribute), member, type.ToDisplayString());
    }

    /// <summary>The member an attribute list belongs to: a property, a field, or a positional record's parameter.</summary>
    private static string? MemberName(SyntaxNode marked) => marked switch
    {
        PropertyDeclarationSyntax property => property.Identifier.ValueText,
        FieldDeclarationSyntax field => field.Declaration.Variables.Count > 0 ? field.Declaration.Variables[0].Identifier.ValueText : null,
        ParameterSyntax parameter => parameter.Identifier.ValueText,
        _ => null,
    };

    private static string? NameOf(NameSyntax name) => name switch
    {
        QualifiedNameSyntax qualified => qualified.Right.Identifier.ValueText,
        AliasQualifiedNameSyntax aliased => aliased.Name.Identifier.ValueText,
        SimpleNameSyntax simple => simple.Identifier.ValueText,
        _ => null,
    };
}
