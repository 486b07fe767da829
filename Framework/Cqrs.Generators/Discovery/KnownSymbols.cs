using System.Linq;
using Microsoft.CodeAnalysis;

namespace Cqrs.Generators.Discovery;

/// <summary>Recognises framework and library types by name, without looking them up in the compilation.</summary>
internal static class KnownSymbols
{
    /// <summary>True for the type <c>Cqrs.{metadataName}</c>, e.g. <c>ICommandHandler`1</c>.</summary>
    public static bool IsCqrs(ITypeSymbol? type, string metadataName) => IsType(type, "Cqrs", metadataName);

    public static bool IsSystem(ITypeSymbol type, string metadataName) => IsType(type, "System", metadataName);

    public static bool IsCollectionsGeneric(ITypeSymbol type, string metadataName) =>
        type.MetadataName == metadataName
        && type.ContainingNamespace is { Name: "Generic", ContainingNamespace: { Name: "Collections", ContainingNamespace: var system } }
        && IsTopLevel(system, "System");

    /// <summary>True for the type <c>Cqrs.EventSourcing.{metadataName}</c>, whichever assembly defines it.</summary>
    public static bool IsEventSourcing(ITypeSymbol type, string metadataName) =>
        type.MetadataName == metadataName
        && type.ContainingNamespace is { Name: "EventSourcing", ContainingNamespace: var cqrs }
        && IsTopLevel(cqrs, "Cqrs");

    public static bool IsMessage(INamedTypeSymbol type) =>
        type.AllInterfaces.Any(candidate => IsCqrs(candidate, "ICommand") || IsCqrs(candidate, "IEvent"));

    /// <summary>The value of the one constructor argument of the attribute <c>Cqrs.{metadataName}</c>, or null.</summary>
    public static object? CqrsAttributeArgument(ISymbol symbol, string metadataName) =>
        CqrsAttribute(symbol, metadataName) is { ConstructorArguments.Length: 1 } attribute ? attribute.ConstructorArguments[0].Value : null;

    /// <summary>True when <paramref name="symbol"/> carries the attribute <c>Cqrs.{metadataName}</c>.</summary>
    public static bool HasCqrsAttribute(ISymbol symbol, string metadataName) => CqrsAttribute(symbol, metadataName) is not null;

    /// <summary>The <c>[Key]</c> index of a member, or null when it has none.</summary>
    public static int? KeyOf(ISymbol member) => CqrsAttributeArgument(member, "KeyAttribute") as int?;

    /// <summary>True when the type or one of its containing types has type parameters.</summary>
    public static bool IsGeneric(INamedTypeSymbol type)
    {
        for (var current = type; current is not null; current = current.ContainingType)
        {
            if (current.TypeParameters.Length > 0)
            {
                return true;
            }
        }

        return false;
    }

    private static AttributeData? CqrsAttribute(ISymbol symbol, string metadataName) =>
        symbol.GetAttributes().FirstOrDefault(attribute => IsCqrs(attribute.AttributeClass, metadataName));

    private static bool IsType(ITypeSymbol? type, string namespaceName, string metadataName) =>
        type is not null && type.MetadataName == metadataName && IsTopLevel(type.ContainingNamespace, namespaceName);

    private static bool IsTopLevel(INamespaceSymbol? symbol, string name) =>
        symbol is { IsGlobalNamespace: false, ContainingNamespace.IsGlobalNamespace: true } && symbol.Name == name;
}
