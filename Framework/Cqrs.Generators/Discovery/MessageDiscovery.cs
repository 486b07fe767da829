using System.Collections.Generic;
using System.Linq;
using Cqrs.Generators.Diagnostics;
using Cqrs.Generators.Model;
using Microsoft.CodeAnalysis;

namespace Cqrs.Generators.Discovery;

/// <summary>
/// Recognises commands, events, aggregate states and saga states, checks their wire names (CQRS003, CQRS005), and
/// reads which commands are public (CQRS031 for <c>[PublicCommand]</c> on another kind of type).
/// </summary>
internal static class MessageDiscovery
{
    public static MessageModel? Read(INamedTypeSymbol type, List<DiagnosticInfo> diagnostics)
    {
        if (Kind(type) is not { } kind)
        {
            return null;
        }

        var wireName = KnownSymbols.CqrsAttributeArgument(type, "WireNameAttribute") as string;
        if (wireName is null)
        {
            diagnostics.Add(DiagnosticInfo.At(DiagnosticDescriptors.MissingWireName, type, type.ToDisplayString()));
        }
        else if (!IsWellFormed(wireName))
        {
            diagnostics.Add(DiagnosticInfo.At(DiagnosticDescriptors.MalformedWireName, type, wireName, type.ToDisplayString()));
            wireName = null;
        }

        var isPublic = KnownSymbols.HasCqrsAttribute(type, "PublicCommandAttribute");
        if (isPublic && kind != MessageKind.Command)
        {
            diagnostics.Add(DiagnosticInfo.At(DiagnosticDescriptors.PublicNonCommand, type, type.ToDisplayString()));
        }

        return new MessageModel(kind, TypeNames.Plain(type), TypeNames.CodecName(type), wireName, LocationInfo.Of(type), IsPublic: isPublic && kind == MessageKind.Command);
    }

    /// <summary>Lowercase letters, digits, '.' and '-', starting and ending with a letter or digit.</summary>
    private static bool IsWellFormed(string wireName) =>
        wireName.Length > 0
        && wireName.All(character => character is (>= 'a' and <= 'z') or (>= '0' and <= '9') or '.' or '-')
        && !IsSeparator(wireName[0])
        && !IsSeparator(wireName[wireName.Length - 1]);

    private static bool IsSeparator(char character) => character is '.' or '-';

    private static MessageKind? Kind(INamedTypeSymbol type)
    {
        foreach (var candidate in type.AllInterfaces)
        {
            if (KnownSymbols.IsCqrs(candidate, "ICommand"))
            {
                return MessageKind.Command;
            }

            if (KnownSymbols.IsCqrs(candidate, "IEvent"))
            {
                return MessageKind.Event;
            }

            // IAggregate<TSelf>: the state is TSelf, not a type that merely derives from it.
            if (KnownSymbols.IsEventSourcing(candidate, "IAggregate`1") && SymbolEqualityComparer.Default.Equals(candidate.TypeArguments[0], type))
            {
                return MessageKind.AggregateState;
            }

            if (KnownSymbols.IsEventSourcing(candidate, "ISaga`1") && SymbolEqualityComparer.Default.Equals(candidate.TypeArguments[0], type))
            {
                return MessageKind.SagaState;
            }
        }

        return null;
    }
}
