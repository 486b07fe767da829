using System.Collections.Generic;
using System.Linq;
using Cqrs.Generators.Model;
using Microsoft.CodeAnalysis;

namespace Cqrs.Generators.Discovery;

/// <summary>
/// Reads a saga: the messages it is started by, handles and times out on, and the <c>[SagaId]</c> member of each,
/// into handler registrations and a map class; reports a message without a saga id (CQRS012) and a saga that
/// nothing starts (CQRS013).
/// </summary>
internal static class SagaDiscovery
{
    private const string SagaEventHandler = "global::Cqrs.EventSourcing.SagaEventHandler";
    private const string SagaCommandHandler = "global::Cqrs.EventSourcing.SagaCommandHandler";
    private const string SagaTimeoutHandler = "global::Cqrs.EventSourcing.SagaTimeoutHandler";

    public sealed record Saga(EquatableArray<HandlerModel> Handlers, SagaMapModel Map);

    public static Saga Read(INamedTypeSymbol saga, List<DiagnosticInfo> diagnostics)
    {
        var sagaName = TypeNames.Annotated(saga);
        var mapName = TypeNames.Identifier(TypeNames.Display(TypeNames.Plain(saga)), '_') + "SagaMap";
        var location = LocationInfo.Of(saga);
        var roles = new Dictionary<INamedTypeSymbol, (bool Starts, bool Timeout)>(SymbolEqualityComparer.Default);
        foreach (var contract in saga.AllInterfaces)
        {
            if (contract.TypeArguments.Length != 2
                || !SymbolEqualityComparer.Default.Equals(contract.TypeArguments[0], saga)
                || contract.TypeArguments[1] is not INamedTypeSymbol { TypeKind: not TypeKind.Error } message)
            {
                continue;
            }

            roles.TryGetValue(message, out var role);
            if (KnownSymbols.IsEventSourcing(contract, "ISagaStartedBy`2"))
            {
                roles[message] = (true, role.Timeout);
            }
            else if (KnownSymbols.IsEventSourcing(contract, "ISagaHandles`2"))
            {
                roles[message] = role;
            }
            else if (KnownSymbols.IsEventSourcing(contract, "ISagaTimeout`2"))
            {
                roles[message] = (role.Starts, true);
            }
        }

        if (!roles.Values.Any(role => role.Starts))
        {
            diagnostics.Add(DiagnosticInfo.At(Diagnostics.SagaWithoutStart, saga, saga.ToDisplayString()));
        }

        var handlers = new List<HandlerModel>();
        var messages = new List<SagaMessageModel>();
        foreach (var pair in roles.OrderBy(pair => TypeNames.Plain(pair.Key), System.StringComparer.Ordinal))
        {
            var message = pair.Key;
            var messageName = TypeNames.Annotated(message);
            if (SagaIdExpression(message) is not { } sagaId)
            {
                diagnostics.Add(DiagnosticInfo.At(Diagnostics.SagaMessageWithoutId, saga, message.ToDisplayString(), saga.ToDisplayString()));
                continue;
            }

            var isEvent = message.AllInterfaces.Any(candidate => KnownSymbols.IsCqrs(candidate, "IEvent"));
            var handler = pair.Value.Timeout ? SagaTimeoutHandler : isEvent ? SagaEventHandler : SagaCommandHandler;
            handlers.Add(new HandlerModel(
                isEvent && !pair.Value.Timeout ? HandlerKind.Event : HandlerKind.Command,
                $"{handler}<{sagaName}, {messageName}, global::Cqrs.Generated.{mapName}>",
                messageName,
                null,
                location));
            messages.Add(new SagaMessageModel(messageName, sagaId, pair.Value.Starts));
        }

        return new Saga(handlers.ToEquatableArray(), new SagaMapModel(mapName, sagaName, messages.ToEquatableArray()));
    }

    /// <summary>C# reading the saga id from <c>message</c> as text, or null when the message has no <c>[SagaId]</c> member.</summary>
    private static string? SagaIdExpression(INamedTypeSymbol message)
    {
        for (var type = message; type is not null; type = type.BaseType)
        {
            foreach (var member in type.GetMembers())
            {
                var memberType = member switch
                {
                    IPropertySymbol { IsStatic: false } property => property.Type,
                    IFieldSymbol { IsStatic: false, IsImplicitlyDeclared: false } field => field.Type,
                    _ => null,
                };
                if (memberType is null || !member.GetAttributes().Any(attribute => attribute.AttributeClass is { } attributeClass && KnownSymbols.IsEventSourcing(attributeClass, "SagaIdAttribute")))
                {
                    continue;
                }

                var access = "message." + TypeNames.MemberAccess(member);
                return memberType.SpecialType == SpecialType.System_String
                    ? $"({access} ?? string.Empty)"
                    : $"(global::System.Convert.ToString({access}, global::System.Globalization.CultureInfo.InvariantCulture) ?? string.Empty)";
            }
        }

        return null;
    }
}
