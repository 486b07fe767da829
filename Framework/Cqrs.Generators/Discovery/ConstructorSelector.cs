using System;
using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;

namespace Cqrs.Generators.Discovery;

/// <summary>Chooses how a codec constructs its type from the keyed members it read.</summary>
internal static class ConstructorSelector
{
    /// <summary>
    /// The keys passed to the chosen constructor, in parameter order, or null when none is usable.
    /// A constructor is usable when each parameter matches a keyed member by name (ignoring case) and type,
    /// and every other keyed member can be set by object initializer; the one with most parameters wins.
    /// </summary>
    public static int[]? Select(INamedTypeSymbol type, IReadOnlyList<KeyedMember> members, Compilation compilation)
    {
        if (type.IsAbstract)
        {
            return null;
        }

        int[]? best = null;
        foreach (var constructor in type.InstanceConstructors)
        {
            if (compilation.IsSymbolAccessibleWithin(constructor, compilation.Assembly)
                && Bind(constructor, members, compilation) is { } keys
                && (best is null || keys.Length > best.Length))
            {
                best = keys;
            }
        }

        return best;
    }

    private static int[]? Bind(IMethodSymbol constructor, IReadOnlyList<KeyedMember> members, Compilation compilation)
    {
        var keys = new int[constructor.Parameters.Length];
        for (var i = 0; i < keys.Length; i++)
        {
            var parameter = constructor.Parameters[i];
            var match = members.FirstOrDefault(member =>
                string.Equals(member.Symbol.Name, parameter.Name, StringComparison.OrdinalIgnoreCase)
                && SymbolEqualityComparer.Default.Equals(member.Type, parameter.Type));
            if (match.Symbol is null)
            {
                return null;
            }

            keys[i] = match.Key;
        }

        return members.All(member => keys.Contains(member.Key) || IsSettable(member.Symbol, compilation)) ? keys : null;
    }

    private static bool IsSettable(ISymbol member, Compilation compilation) => member switch
    {
        IPropertySymbol property => property.SetMethod is { } setter && compilation.IsSymbolAccessibleWithin(setter, compilation.Assembly),
        IFieldSymbol field => !field.IsReadOnly,
        _ => false,
    };
}
