using System;
using Cqrs.Generators.Model;
using Microsoft.CodeAnalysis;

namespace Cqrs.Generators.Discovery;

/// <summary>Finds the serialization shape of a member type, and reports the contract types it reaches.</summary>
internal sealed class ShapeResolver(IAssemblySymbol assembly, Action<INamedTypeSymbol> onContract)
{
    /// <summary>The shape, or null when the type (or one of its elements) is not supported.</summary>
    public ValueShape? Resolve(ITypeSymbol type)
    {
        var shape = Shape(type);
        return shape is not null && type is { IsReferenceType: true, NullableAnnotation: NullableAnnotation.NotAnnotated }
            ? shape with { NilForbidden = true }
            : shape;
    }

    private ValueShape? Shape(ITypeSymbol type)
    {
        var name = TypeNames.Plain(type);
        if (ScalarName(type) is { } scalar)
        {
            return new ValueShape(ShapeKind.Scalar, name, type.IsReferenceType) { ScalarName = scalar };
        }

        return type switch
        {
            IArrayTypeSymbol { Rank: 1, ElementType.SpecialType: SpecialType.System_Byte } => new ValueShape(ShapeKind.Binary, name, IsReference: true),
            IArrayTypeSymbol { Rank: 1 } array => Wrap(ShapeKind.Array, name, array.ElementType),
            INamedTypeSymbol { TypeKind: TypeKind.Enum, EnumUnderlyingType: { } underlying } =>
                new ValueShape(ShapeKind.Enum, name, IsReference: false) { ScalarName = ScalarName(underlying)! },
            INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable =>
                Wrap(ShapeKind.Nullable, name, nullable.TypeArguments[0], isReference: false),
            INamedTypeSymbol { IsGenericType: true } generic when CollectionKind(generic) is { } kind => Wrap(kind, name, generic.TypeArguments[0]),
            INamedTypeSymbol { IsGenericType: true } generic when IsMap(generic) => Map(name, generic),
            INamedTypeSymbol named when IsContract(named) => Contract(name, named),
            _ => null,
        };
    }

    private static string? ScalarName(ITypeSymbol type) => type.SpecialType switch
    {
        SpecialType.System_Boolean => "Boolean",
        SpecialType.System_Char => "Char",
        SpecialType.System_SByte => "SByte",
        SpecialType.System_Byte => "Byte",
        SpecialType.System_Int16 => "Int16",
        SpecialType.System_UInt16 => "UInt16",
        SpecialType.System_Int32 => "Int32",
        SpecialType.System_UInt32 => "UInt32",
        SpecialType.System_Int64 => "Int64",
        SpecialType.System_UInt64 => "UInt64",
        SpecialType.System_Single => "Single",
        SpecialType.System_Double => "Double",
        SpecialType.System_Decimal => "Decimal",
        SpecialType.System_String => "String",
        SpecialType.System_DateTime => "DateTime",
        _ when KnownSymbols.IsSystem(type, "Guid") => "Guid",
        _ when KnownSymbols.IsSystem(type, "DateTimeOffset") => "DateTimeOffset",
        _ when KnownSymbols.IsSystem(type, "TimeSpan") => "TimeSpan",
        _ => null,
    };

    private static ShapeKind? CollectionKind(INamedTypeSymbol type) => type.OriginalDefinition.SpecialType switch
    {
        SpecialType.System_Collections_Generic_IList_T or SpecialType.System_Collections_Generic_ICollection_T => ShapeKind.List,
        SpecialType.System_Collections_Generic_IReadOnlyList_T or SpecialType.System_Collections_Generic_IReadOnlyCollection_T => ShapeKind.ReadOnlyCollection,
        SpecialType.System_Collections_Generic_IEnumerable_T => ShapeKind.Enumerable,
        _ when KnownSymbols.IsCollectionsGeneric(type, "List`1") => ShapeKind.List,
        _ => null,
    };

    private static bool IsMap(INamedTypeSymbol type) =>
        KnownSymbols.IsCollectionsGeneric(type, "Dictionary`2")
        || KnownSymbols.IsCollectionsGeneric(type, "IDictionary`2")
        || KnownSymbols.IsCollectionsGeneric(type, "IReadOnlyDictionary`2");

    private ValueShape? Wrap(ShapeKind kind, string name, ITypeSymbol elementType, bool isReference = true) =>
        Resolve(elementType) is { } element ? new ValueShape(kind, name, isReference) { Element = element } : null;

    /// <summary>A map; its keys must be scalars or enums, so that they have equality and are never nested.</summary>
    private ValueShape? Map(string name, INamedTypeSymbol type)
    {
        var keyType = type.TypeArguments[0];
        if (ScalarName(keyType) is null && keyType.TypeKind != TypeKind.Enum)
        {
            return null;
        }

        return Resolve(type.TypeArguments[1]) is { } value
            ? new ValueShape(ShapeKind.Map, name, IsReference: true) { Key = Resolve(keyType), Element = value }
            : null;
    }

    private bool IsContract(INamedTypeSymbol type) =>
        type.TypeKind is TypeKind.Class or TypeKind.Struct
        && SymbolEqualityComparer.Default.Equals(type.ContainingAssembly, assembly)
        && !KnownSymbols.IsGeneric(type)
        && (KnownSymbols.IsMessage(type) || KeyedMembers.HasAny(type));

    private ValueShape Contract(string name, INamedTypeSymbol type)
    {
        onContract(type);
        return new ValueShape(ShapeKind.Contract, name, type.IsReferenceType) { CodecName = TypeNames.CodecName(type) };
    }
}
