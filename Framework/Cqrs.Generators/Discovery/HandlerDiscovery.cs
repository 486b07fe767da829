using System.Collections.Generic;
using System.Linq;
using Cqrs.Generators.Model;
using Microsoft.CodeAnalysis;

namespace Cqrs.Generators.Discovery;

/// <summary>Recognises handler classes (one registration per implemented handler interface) and FluentValidation validators.</summary>
internal static class HandlerDiscovery
{
    public static EquatableArray<HandlerModel> ReadHandlers(INamedTypeSymbol type)
    {
        if (type.TypeKind != TypeKind.Class)
        {
            return default;
        }

        var location = LocationInfo.Of(type);
        var handlers = new List<HandlerModel>();
        foreach (var contract in type.AllInterfaces)
        {
            if (KindOf(contract) is not { } kind || contract.TypeArguments.Any(argument => argument.TypeKind == TypeKind.Error))
            {
                continue;
            }

            var result = kind == HandlerKind.Query ? TypeNames.Annotated(contract.TypeArguments[1]) : null;
            handlers.Add(new HandlerModel(kind, TypeNames.Annotated(type), TypeNames.Annotated(contract.TypeArguments[0]), result, location));
        }

        return handlers.ToEquatableArray();
    }

    public static ValidatorModel? ReadValidator(INamedTypeSymbol type)
    {
        for (var baseType = type.BaseType; baseType is not null; baseType = baseType.BaseType)
        {
            if (baseType is { MetadataName: "AbstractValidator`1", ContainingNamespace: { Name: "FluentValidation", ContainingNamespace.IsGlobalNamespace: true } })
            {
                return new ValidatorModel(TypeNames.Annotated(type), TypeNames.Annotated(baseType.TypeArguments[0]));
            }
        }

        return null;
    }

    private static HandlerKind? KindOf(INamedTypeSymbol contract) => contract switch
    {
        _ when KnownSymbols.IsCqrs(contract, "ICommandHandler`1") => HandlerKind.Command,
        _ when KnownSymbols.IsCqrs(contract, "IEventHandler`1") => HandlerKind.Event,
        _ when KnownSymbols.IsCqrs(contract, "IQueryHandler`2") => HandlerKind.Query,
        _ => null,
    };
}
