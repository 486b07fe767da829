using System.Collections.Generic;
using System.Linq;
using Cqrs.Generators.Diagnostics;
using Cqrs.Generators.Model;
using Microsoft.CodeAnalysis;

namespace Cqrs.Generators.Discovery;

/// <summary>
/// How a saga finds its id in each message it handles: by the member its <c>[SagaCorrelation]</c> for the message
/// names, which wins, or else by the message's one <c>[SagaId]</c> member. Reports a message with neither (CQRS012),
/// with several <c>[SagaId]</c> members (CQRS014), and a correlation of a message the saga does not handle (CQRS015),
/// naming no readable member (CQRS016) or repeated (CQRS017).
/// </summary>
internal sealed class SagaCorrelations
{
    private readonly INamedTypeSymbol _saga;
    private readonly Compilation _compilation;
    private readonly List<DiagnosticInfo> _diagnostics;
    private readonly Dictionary<INamedTypeSymbol, List<AttributeData>> _declared;

    private SagaCorrelations(INamedTypeSymbol saga, Compilation compilation, List<DiagnosticInfo> diagnostics)
    {
        _saga = saga;
        _compilation = compilation;
        _diagnostics = diagnostics;
        _declared = new Dictionary<INamedTypeSymbol, List<AttributeData>>(SymbolEqualityComparer.Default);
        foreach (var attribute in saga.GetAttributes())
        {
            if (attribute.AttributeClass is { } attributeClass
                && KnownSymbols.IsEventSourcing(attributeClass, "SagaCorrelationAttribute")
                && attribute.ConstructorArguments.Length == 2
                && attribute.ConstructorArguments[0].Value is INamedTypeSymbol message)
            {
                if (!_declared.TryGetValue(message, out var attributes))
                {
                    _declared[message] = attributes = [];
                }

                attributes.Add(attribute);
            }
        }
    }

    public static SagaCorrelations Of(INamedTypeSymbol saga, Compilation compilation, List<DiagnosticInfo> diagnostics) =>
        new(saga, compilation, diagnostics);

    /// <summary>C# reading the saga id from <c>message</c> as text, or null when the saga cannot find it there (reported).</summary>
    public string? SagaIdExpression(INamedTypeSymbol message) =>
        _declared.TryGetValue(message, out var declared) ? Declared(message, declared) : Marked(message);

    /// <summary>Reports the correlations of messages the saga does not handle (CQRS015).</summary>
    public void ReportUnhandled(ICollection<INamedTypeSymbol> handled)
    {
        foreach (var pair in _declared.Where(pair => !handled.Contains(pair.Key)))
        {
            _diagnostics.Add(DiagnosticInfo.At(DiagnosticDescriptors.SagaCorrelationOfUnhandledMessage, LocationInfo.Of(pair.Value[0]), _saga.ToDisplayString(), pair.Key.ToDisplayString()));
        }
    }

    private string? Declared(INamedTypeSymbol message, List<AttributeData> declared)
    {
        if (declared.Count > 1)
        {
            _diagnostics.Add(DiagnosticInfo.At(DiagnosticDescriptors.SagaCorrelatedTwice, LocationInfo.Of(declared[1]), _saga.ToDisplayString(), message.ToDisplayString()));
            return null;
        }

        var name = declared[0].ConstructorArguments[1].Value as string;
        if (name is null || MessageMembers.Readable(message, name, _compilation) is not { } member)
        {
            _diagnostics.Add(DiagnosticInfo.At(
                DiagnosticDescriptors.SagaCorrelationWithoutMember, LocationInfo.Of(declared[0]), _saga.ToDisplayString(), message.ToDisplayString(), name ?? "null", message.Name));
            return null;
        }

        return Read(member.Symbol, member.Type);
    }

    private string? Marked(INamedTypeSymbol message)
    {
        var marked = MessageMembers.Marked(message, attribute => KnownSymbols.IsEventSourcing(attribute, "SagaIdAttribute"));
        switch (marked.Count)
        {
            case 0:
                _diagnostics.Add(DiagnosticInfo.At(DiagnosticDescriptors.SagaMessageWithoutId, _saga, message.ToDisplayString(), _saga.ToDisplayString(), message.Name));
                return null;
            case 1:
                return Read(marked[0].Symbol, marked[0].Type);
            default:
                _diagnostics.Add(DiagnosticInfo.At(
                    DiagnosticDescriptors.SagaMessageWithSeveralIds,
                    _saga,
                    message.ToDisplayString(),
                    _saga.ToDisplayString(),
                    string.Join(", ", marked.Select(member => $"'{member.Symbol.Name}'")),
                    message.Name));
                return null;
        }
    }

    /// <summary>C# reading <paramref name="member"/> of <c>message</c> as the saga id: strings as they are, anything else as its invariant-culture text.</summary>
    private static string Read(ISymbol member, ITypeSymbol memberType)
    {
        var access = "message." + TypeNames.MemberAccess(member);
        return memberType.SpecialType == SpecialType.System_String
            ? $"({access} ?? string.Empty)"
            : $"(global::System.Convert.ToString({access}, global::System.Globalization.CultureInfo.InvariantCulture) ?? string.Empty)";
    }
}
