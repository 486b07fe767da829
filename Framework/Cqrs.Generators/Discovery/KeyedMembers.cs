using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using Cqrs.Generators.Diagnostics;
using Cqrs.Generators.Model;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Cqrs.Generators.Discovery;

/// <summary>A readable <c>[Key]</c> member: its symbol, type and key.</summary>
internal readonly record struct KeyedMember(ISymbol Symbol, ITypeSymbol Type, int Key);

/// <summary>The keyed members of a type, checked for CQRS006, CQRS007 and CQRS010.</summary>
internal sealed class KeyedMembers
{
    private KeyedMembers()
    {
    }

    public List<KeyedMember> Members { get; } = [];

    /// <summary>True when a key is negative or duplicated, or a keyed member is unreadable: no codec can be emitted.</summary>
    public bool HasInvalidKeys { get; private set; }

    /// <summary>True when CQRS006 was reported for a member of the type.</summary>
    public bool HasUnkeyedMembers { get; private set; }

    public static bool HasAny(INamedTypeSymbol type) => DataMembers(type).Any(member => KnownSymbols.KeyOf(member) is not null);

    public static KeyedMembers Read(INamedTypeSymbol type, Compilation compilation, List<DiagnosticInfo> diagnostics)
    {
        var result = new KeyedMembers();
        var typeName = type.ToDisplayString();
        foreach (var member in DataMembers(type))
        {
            if (KnownSymbols.KeyOf(member) is not { } key)
            {
                if (NeedsKey(member))
                {
                    diagnostics.Add(DiagnosticInfo.At(DiagnosticDescriptors.MemberWithoutKey, member, member.Name, typeName));
                    result.HasUnkeyedMembers = true;
                }
            }
            else if (!IsReadable(member, compilation))
            {
                diagnostics.Add(DiagnosticInfo.At(DiagnosticDescriptors.UnreadableKeyedMember, member, member.Name, typeName));
                result.HasInvalidKeys = true;
            }
            else
            {
                result.Add(new KeyedMember(member, TypeOf(member), key), typeName, diagnostics);
            }
        }

        result.Members.Sort((left, right) => left.Key.CompareTo(right.Key));
        return result;
    }

    /// <summary>Instance properties and fields of the type and its base types, the most derived first.</summary>
    private static IEnumerable<ISymbol> DataMembers(INamedTypeSymbol type)
    {
        var names = new HashSet<string>(StringComparer.Ordinal);
        for (var current = type; current is { SpecialType: not (SpecialType.System_Object or SpecialType.System_ValueType) }; current = current.BaseType)
        {
            foreach (var member in current.GetMembers())
            {
                if (member is IPropertySymbol { IsStatic: false, IsIndexer: false } or IFieldSymbol { IsStatic: false, IsConst: false }
                    && member.CanBeReferencedByName
                    && names.Add(member.Name))
                {
                    yield return member;
                }
            }
        }
    }

    /// <summary>True for a public member of source that callers set: settable, init, or bound to a primary-constructor parameter.</summary>
    private static bool NeedsKey(ISymbol member) =>
        member.DeclaredAccessibility == Accessibility.Public
        && member.Locations.Any(location => location.IsInSource)
        && (member switch
        {
            IPropertySymbol property => property.SetMethod is { DeclaredAccessibility: Accessibility.Public },
            IFieldSymbol field => !field.IsReadOnly,
            _ => false,
        } || IsBoundToPrimaryConstructor(member));

    private static bool IsBoundToPrimaryConstructor(ISymbol member) =>
        member.ContainingType.InstanceConstructors.Any(constructor =>
            constructor.DeclaringSyntaxReferences.Any(reference => reference.GetSyntax() is TypeDeclarationSyntax)
            && constructor.Parameters.Any(parameter => string.Equals(parameter.Name, member.Name, StringComparison.OrdinalIgnoreCase)));

    private static ITypeSymbol TypeOf(ISymbol member) => member is IPropertySymbol property ? property.Type : ((IFieldSymbol)member).Type;

    private static bool IsReadable(ISymbol member, Compilation compilation) =>
        compilation.IsSymbolAccessibleWithin(member, compilation.Assembly)
        && (member is not IPropertySymbol property
            || (property.GetMethod is { } getter && compilation.IsSymbolAccessibleWithin(getter, compilation.Assembly)));

    private void Add(KeyedMember member, string typeName, List<DiagnosticInfo> diagnostics)
    {
        var problem = member.Key < 0
            ? "negative"
            : Members.FirstOrDefault(other => other.Key == member.Key).Symbol is { } other ? $"also used by '{other.Name}'" : null;
        if (problem is null)
        {
            Members.Add(member);
            return;
        }

        diagnostics.Add(DiagnosticInfo.At(DiagnosticDescriptors.InvalidKey, member.Symbol, member.Key.ToString(CultureInfo.InvariantCulture), member.Symbol.Name, typeName, problem));
        HasInvalidKeys = true;
    }
}
