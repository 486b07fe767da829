using System.Globalization;
using System.Net;
using System.Text;

namespace Cqrs.Benchtest.Sweep;

/// <summary>Builds a small SVG image from lines, text, polylines and circles; coordinates in pixels.</summary>
internal sealed class SvgDocument(int width, int height)
{
    public int Width => width;

    public int Height => height;

    private readonly StringBuilder _shapes = new();

    public void Line(double x1, double y1, double x2, double y2, string stroke, double strokeWidth = 1, string? dashes = null) =>
        Append($"<line x1=\"{N(x1)}\" y1=\"{N(y1)}\" x2=\"{N(x2)}\" y2=\"{N(y2)}\" " +
            $"stroke=\"{stroke}\" stroke-width=\"{N(strokeWidth)}\"{Dashes(dashes)}/>");

    public void Polyline(IEnumerable<(double X, double Y)> points, string stroke, string? dashes = null) =>
        Append($"<polyline points=\"{string.Join(' ', points.Select(point => $"{N(point.X)},{N(point.Y)}"))}\" " +
            $"fill=\"none\" stroke=\"{stroke}\" stroke-width=\"2\"{Dashes(dashes)}/>");

    public void Circle(double x, double y, double radius, string fill) =>
        Append($"<circle cx=\"{N(x)}\" cy=\"{N(y)}\" r=\"{N(radius)}\" fill=\"{fill}\"/>");

    /// <summary>A chart's series: its points joined by a line, each marked by a dot.</summary>
    public void Series(IReadOnlyList<(double X, double Y)> points, string colour, string? dashes = null)
    {
        Polyline(points, colour, dashes);
        foreach (var (x, y) in points)
        {
            Circle(x, y, 3.5, colour);
        }
    }

    /// <summary>Writes <paramref name="text"/> anchored at (x, y): start, middle or end; rotated about that point.</summary>
    public void Text(double x, double y, string text, string anchor = "middle", int size = 12, double rotation = 0, string fill = "#333")
    {
        var rotate = rotation == 0 ? "" : $" transform=\"rotate({N(rotation)} {N(x)} {N(y)})\"";
        Append($"<text x=\"{N(x)}\" y=\"{N(y)}\" text-anchor=\"{anchor}\" font-size=\"{size}\" fill=\"{fill}\"{rotate}>" +
            $"{WebUtility.HtmlEncode(text)}</text>");
    }

    public override string ToString() =>
        $"""
        <svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">
        <rect width="100%" height="100%" fill="white"/>
        {_shapes}</svg>

        """;

    private static string N(double value) => value.ToString("0.#", CultureInfo.InvariantCulture);

    private static string Dashes(string? dashes) => dashes is null ? "" : $" stroke-dasharray=\"{dashes}\"";

    private void Append(string element) => _shapes.Append(element).Append('\n');
}
