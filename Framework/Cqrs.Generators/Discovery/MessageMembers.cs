using System;
using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;

namespace Cqrs.Generators.Discovery;

/// <summary>
/// The instance properties and fields of a message as the attributes that mark them (<c>[SagaId]</c>,
/// <c>[OrderingKey]</c>) and the generated code that reads them see them: the message's own and its base types'.
/// </summary>
internal static class MessageMembers
{
    /// <summary>The instance properties and fields of the message and its base types, most derived first.</summary>
    public static IEnumerable<(ISymbol Symbol, ITypeSymbol Type)> Of(INamedTypeSymbol message)
    {
        for (var type = message; type is not null; type = type.BaseType)
        {
            foreach (var member in type.GetMembers())
            {
                ITypeSymbol? memberType = member switch
                {
                    IPropertySymbol { IsStatic: false, IsIndexer: false } property => property.Type,
                    IFieldSymbol { IsStatic: false, IsImplicitlyDeclared: false } field => field.Type,
                    _ => null,
                };
                if (memberType is not null)
                {
                    yield return (member, memberType);
                }
            }
        }
    }

    /// <summary>
    /// The members marked with an attribute <paramref name="isMarker"/> recognises, one per name: such attributes are
    /// inherited, so an override of a marked member is the marked member.
    /// </summary>
    public static List<(ISymbol Symbol, ITypeSymbol Type)> Marked(INamedTypeSymbol message, Func<INamedTypeSymbol, bool> isMarker) =>
        Of(message)
            .Where(member => member.Symbol.GetAttributes().Any(attribute => attribute.AttributeClass is { } attributeClass && isMarker(attributeClass)))
            .GroupBy(member => member.Symbol.Name)
            .Select(group => group.First())
            .ToList();

    /// <summary>The instance property or field <paramref name="name"/> of the message, when generated code in this assembly can read it.</summary>
    public static (ISymbol Symbol, ITypeSymbol Type)? Readable(INamedTypeSymbol message, string name, Compilation compilation)
    {
        // The most derived member of that name is the one generated code reaches.
        foreach (var member in Of(message).Where(member => member.Symbol.Name == name))
        {
            var reader = member.Symbol is IPropertySymbol property ? property.GetMethod : member.Symbol;
            return reader is not null && compilation.IsSymbolAccessibleWithin(reader, compilation.Assembly) ? member : null;
        }

        return null;
    }
}
