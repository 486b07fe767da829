using System.Linq;
using Microsoft.CodeAnalysis;

namespace Cqrs.Generators.Model;

/// <summary>A diagnostic to report, kept as plain values until the output step.</summary>
internal sealed record DiagnosticInfo(DiagnosticDescriptor Descriptor, LocationInfo? Location, EquatableArray<string> Arguments)
{
    public static DiagnosticInfo At(DiagnosticDescriptor descriptor, LocationInfo? location, params string[] arguments) =>
        new(descriptor, location, new EquatableArray<string>(arguments));

    public static DiagnosticInfo At(DiagnosticDescriptor descriptor, ISymbol symbol, params string[] arguments) =>
        At(descriptor, LocationInfo.Of(symbol), arguments);

    public Diagnostic ToDiagnostic() =>
        Diagnostic.Create(Descriptor, Location?.ToLocation(), Arguments.Cast<object>().ToArray());
}
