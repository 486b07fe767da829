using System.Collections.Generic;
using System.Linq;
using Cqrs.Generators.Diagnostics;
using Cqrs.Generators.Model;
using Microsoft.CodeAnalysis;

namespace Cqrs.Generators.Discovery;

/// <summary>
/// Reads a saga: the messages it is started by, handles and times out on, and how each gives the saga's id
/// (<see cref="SagaCorrelations"/>), into handler registrations and a map class; reports a saga that nothing starts
/// (CQRS013) and a timeout declared public (CQRS030).
/// </summary>
internal static class SagaDiscovery
{
    private const string SagaEventHandler = "global::Cqrs.EventSourcing.SagaEventHandler";
    private const string SagaCommandHandler = "global::Cqrs.EventSourcing.SagaCommandHandler";
    private const string SagaTimeoutHandler = "global::Cqrs.EventSourcing.SagaTimeoutHandler";

    public sealed record Saga(EquatableArray<HandlerModel> Handlers, SagaMapModel Map);

    public static Saga Read(INamedTypeSymbol saga, Compilation compilation, List<DiagnosticInfo> diagnostics)
    {
        var sagaName = TypeNames.Annotated(saga);
        var mapName = TypeNames.Identifier(TypeNames.Display(TypeNames.Plain(saga)), '_') + "SagaMap";
        var location = LocationInfo.Of(saga);
        var roles = Roles(saga);
        if (!roles.Values.Any(role => role.Starts))
        {
            diagnostics.Add(DiagnosticInfo.At(DiagnosticDescriptors.SagaWithoutStart, saga, saga.ToDisplayString()));
        }

        foreach (var timeout in roles.Where(pair => pair.Value.Timeout && KnownSymbols.HasCqrsAttribute(pair.Key, "PublicCommandAttribute")))
        {
            diagnostics.Add(DiagnosticInfo.At(DiagnosticDescriptors.PublicSagaTimeout, saga, saga.ToDisplayString(), timeout.Key.ToDisplayString()));
        }

        var correlations = SagaCorrelations.Of(saga, compilation, diagnostics);
        correlations.ReportUnhandled(roles.Keys);
        var handlers = new List<HandlerModel>();
        var messages = new List<SagaMessageModel>();
        foreach (var pair in roles.OrderBy(pair => TypeNames.Plain(pair.Key), System.StringComparer.Ordinal))
        {
            var message = pair.Key;
            var messageName = TypeNames.Annotated(message);
            if (correlations.SagaIdExpression(message) is not { } sagaId)
            {
                continue;
            }

            var isEvent = message.AllInterfaces.Any(candidate => KnownSymbols.IsCqrs(candidate, "IEvent"));
            var handler = pair.Value.Timeout ? SagaTimeoutHandler : isEvent ? SagaEventHandler : SagaCommandHandler;
            var handlerName = $"{WireNameOf(saga)}/{WireNameOf(message)}";
            handlers.Add(new HandlerModel(
                isEvent && !pair.Value.Timeout ? HandlerKind.Event : HandlerKind.Command,
                $"{handler}<{sagaName}, {messageName}, global::Cqrs.Generated.{mapName}>",
                messageName,
                null,
                location,
                handlerName));
            messages.Add(new SagaMessageModel(messageName, sagaId, pair.Value.Starts, handlerName, pair.Value.Timeout));
        }

        return new Saga(handlers.ToEquatableArray(), new SagaMapModel(mapName, sagaName, messages.ToEquatableArray()));
    }

    /// <summary>Each message the saga is started by, handles or times out on, with whether it starts it and whether it is a timeout.</summary>
    private static Dictionary<INamedTypeSymbol, (bool Starts, bool Timeout)> Roles(INamedTypeSymbol saga)
    {
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

        return roles;
    }

    /// <summary>The type's wire name; its CLR name when it has none (CQRS003 is reported for it).</summary>
    private static string WireNameOf(INamedTypeSymbol type) =>
        KnownSymbols.CqrsAttributeArgument(type, "WireNameAttribute") as string ?? type.ToDisplayString();
}
