using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;

namespace Cqrs.Generators.Model;

/// <summary>A source location without its syntax tree, so that it can be cached.</summary>
internal sealed record LocationInfo(string FilePath, TextSpan Span, LinePositionSpan LineSpan)
{
    public static LocationInfo? Of(ISymbol symbol)
    {
        var location = symbol.Locations.FirstOrDefault(candidate => candidate.IsInSource);
        return location is null ? null : Of(location);
    }

    /// <summary>Where an attribute is applied, or null when it comes from metadata.</summary>
    public static LocationInfo? Of(AttributeData attribute) =>
        attribute.ApplicationSyntaxReference?.GetSyntax().GetLocation() is { SourceTree: not null } location ? Of(location) : null;

    /// <summary>Where a piece of syntax is.</summary>
    public static LocationInfo Of(SyntaxNode node) => Of(node.GetLocation());

    private static LocationInfo Of(Location location) =>
        new(location.SourceTree!.FilePath, location.SourceSpan, location.GetLineSpan().Span);

    public Location ToLocation() => Location.Create(FilePath, Span, LineSpan);
}
