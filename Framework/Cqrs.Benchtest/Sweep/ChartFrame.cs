namespace Cqrs.Benchtest.Sweep;

/// <summary>
/// The frame the benchtest's charts draw in: levels spaced evenly along the bottom (a log scale for the usual powers of
/// two), a value axis on each side with its gridlines from the left one, and a legend along the top.
/// </summary>
/// <param name="svg">The document drawn on.</param>
/// <param name="top">Where the plot starts, below the title and legend.</param>
internal sealed class ChartFrame(SvgDocument svg, double top)
{
    public const double Left = 90;
    private const double Margin = 60;

    public double Top => top;

    public double Right => svg.Width - 90;

    public double Bottom => svg.Height - Margin;

    /// <summary>One side's axis: its scale, title and colour.</summary>
    public readonly record struct Axis(AxisScale Scale, string Title, string Colour);

    /// <summary>The two axes, their ticks and titles, the bottom line and its title.</summary>
    public void DrawAxes(Axis left, Axis right, string levelsTitle)
    {
        foreach (var tick in left.Scale.Ticks())
        {
            var y = ValueY(tick, left.Scale);
            svg.Line(Left, y, Right, y, "#e4e4e4");
            svg.Text(Left - 8, y + 4, ChartLabels.Count(tick), anchor: "end", fill: left.Colour);
        }

        foreach (var tick in right.Scale.Ticks())
        {
            svg.Text(Right + 8, ValueY(tick, right.Scale) + 4, ChartLabels.Count(tick), anchor: "start", fill: right.Colour);
        }

        svg.Line(Left, Top, Left, Bottom, left.Colour, 1.5);
        svg.Line(Right, Top, Right, Bottom, right.Colour, 1.5);
        svg.Line(Left, Bottom, Right, Bottom, "#333", 1.5);
        svg.Text(24, (Top + Bottom) / 2, left.Title, rotation: -90, size: 13, fill: left.Colour);
        svg.Text(svg.Width - 20, (Top + Bottom) / 2, right.Title, rotation: 90, size: 13, fill: right.Colour);
        svg.Text((Left + Right) / 2, svg.Height - 16, levelsTitle, size: 13);
    }

    /// <summary>Each level's label under its place.</summary>
    public void DrawLevels(IReadOnlyList<string> labels)
    {
        for (var index = 0; index < labels.Count; index++)
        {
            svg.Text(LevelX(index, labels.Count), Bottom + 20, labels[index]);
        }
    }

    /// <summary>A value per level, against <paramref name="scale"/>.</summary>
    public void DrawSeries(IReadOnlyList<double> values, AxisScale scale, string colour, string? dashes = null) =>
        svg.Series([.. values.Select((value, index) => (LevelX(index, values.Count), ValueY(value, scale)))], colour, dashes);

    /// <summary>The series' names and strokes, left to right above the plot.</summary>
    public void DrawLegend(IEnumerable<(string Label, string Colour, string? Dashes)> entries)
    {
        var x = Left + 16;
        foreach (var (label, colour, dashes) in entries)
        {
            svg.Line(x, Top - 14, x + 28, Top - 14, colour, 2, dashes);
            svg.Text(x + 34, Top - 10, label, anchor: "start", fill: colour);
            x += 50 + (label.Length * 6.5);
        }
    }

    public double LevelX(int index, int count) =>
        count == 1 ? (Left + Right) / 2 : Left + 20 + ((Right - Left - 40) * index / (count - 1));

    public double ValueY(double value, AxisScale scale) => Bottom - ((Bottom - Top) * scale.Fraction(value));
}
