using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using Cqrs.Generators.Model;

namespace Cqrs.Generators.Diagnostics;

/// <summary>The checks that need every type of the compilation: CQRS001, CQRS002 and CQRS004.</summary>
internal static class RegistryChecks
{
    public static IEnumerable<DiagnosticInfo> Check(IReadOnlyList<MessageModel> messages, IReadOnlyList<HandlerModel> handlers)
    {
        var handlersByCommand = handlers
            .Where(handler => handler.Kind == HandlerKind.Command)
            .GroupBy(handler => handler.MessageTypeName, StringComparer.Ordinal)
            .ToDictionary(group => group.Key, group => group.OrderBy(handler => handler.HandlerTypeName, StringComparer.Ordinal).ToList(), StringComparer.Ordinal);

        // A contracts-only assembly has no handlers at all; its commands are handled elsewhere.
        if (handlers.Count > 0)
        {
            foreach (var command in messages.Where(message => message.Kind == MessageKind.Command && !handlersByCommand.ContainsKey(message.TypeName)))
            {
                yield return DiagnosticInfo.At(DiagnosticDescriptors.CommandWithoutHandler, command.Location, TypeNames.Display(command.TypeName));
            }
        }

        foreach (var pair in handlersByCommand.Where(pair => pair.Value.Count > 1))
        {
            var command = messages.FirstOrDefault(message => message.TypeName == pair.Key);
            yield return DiagnosticInfo.At(
                DiagnosticDescriptors.CommandWithSeveralHandlers,
                command?.Location ?? pair.Value[0].Location,
                TypeNames.Display(pair.Key),
                pair.Value.Count.ToString(CultureInfo.InvariantCulture),
                TypeNames.JoinDisplayed(pair.Value.Select(handler => handler.HandlerTypeName)));
        }

        var sharedWireNames = messages
            .Where(message => message.WireName is not null)
            .GroupBy(message => message.WireName!, StringComparer.Ordinal)
            .Where(group => group.Count() > 1);
        foreach (var group in sharedWireNames)
        {
            foreach (var message in group)
            {
                yield return DiagnosticInfo.At(
                    DiagnosticDescriptors.DuplicateWireName,
                    message.Location,
                    group.Key,
                    TypeNames.Display(message.TypeName),
                    TypeNames.JoinDisplayed(group.Where(other => other != message).Select(other => other.TypeName)));
            }
        }
    }
}
