using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Cqrs.Generators.Diagnostics;
using Cqrs.Generators.Model;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Cqrs.Generators.Discovery;

/// <summary>The syntax step of the pipeline: what one class, record or struct declaration contributes.</summary>
internal static class TypeDiscovery
{
    /// <summary>Only declarations with a base list can implement a message, aggregate or handler interface or derive from a validator.</summary>
    public static bool IsCandidate(SyntaxNode node, CancellationToken cancellationToken) =>
        node is TypeDeclarationSyntax { BaseList: not null } and not InterfaceDeclarationSyntax;

    public static DiscoveredType? Discover(GeneratorSyntaxContext context, CancellationToken cancellationToken)
    {
        if (context.SemanticModel.GetDeclaredSymbol(context.Node, cancellationToken) is not INamedTypeSymbol type
            || type.IsAbstract
            || KnownSymbols.IsGeneric(type))
        {
            return null;
        }

        var diagnostics = new List<DiagnosticInfo>();
        var message = MessageDiscovery.Read(type, diagnostics);
        if (message?.Kind is MessageKind.Command or MessageKind.Event)
        {
            message = message with { OrderingKey = OrderingKeyDiscovery.Read(type, context.SemanticModel.Compilation, diagnostics) };
        }

        var saga = message?.Kind == MessageKind.SagaState ? SagaDiscovery.Read(type, context.SemanticModel.Compilation, diagnostics) : null;
        var handlers = saga is null ? HandlerDiscovery.ReadHandlers(type) : HandlerDiscovery.ReadHandlers(type).Concat(saga.Handlers).ToEquatableArray();
        var validator = HandlerDiscovery.ReadValidator(type);
        if (message is null && handlers.Count == 0 && validator is null)
        {
            return null;
        }

        if (!context.SemanticModel.Compilation.IsSymbolAccessibleWithin(type, context.SemanticModel.Compilation.Assembly))
        {
            var role = message is not null ? "message" : handlers.Count > 0 ? "handler" : "validator";
            return Inaccessible(DiagnosticInfo.At(DiagnosticDescriptors.InaccessibleType, type, type.ToDisplayString(), role));
        }

        var codecs = message is null ? default : ContractReader.ReadAll(type, context.SemanticModel.Compilation, diagnostics);
        return new DiscoveredType(message, handlers, validator, codecs, diagnostics.ToEquatableArray(), saga?.Map);
    }

    /// <summary>A type the generated code cannot name: reported, and left out of the registry and codecs.</summary>
    private static DiscoveredType Inaccessible(DiagnosticInfo diagnostic) =>
        new(null, default, null, default, new[] { diagnostic }.ToEquatableArray());
}
