namespace Cqrs.Benchtest;

/// <summary>How one figure varied over repeated runs of the same benchtest.</summary>
public sealed record FigureSpread
{
    /// <summary>The median run's value (the mean of the two middle ones for an even count).</summary>
    public required double Median { get; init; }

    /// <summary>The lowest value.</summary>
    public required double Min { get; init; }

    /// <summary>The highest value.</summary>
    public required double Max { get; init; }

    /// <summary>The largest distance of a run's value from the median, in percent of the median.</summary>
    public required double MaxDeviationPercent { get; init; }

    /// <summary>The spread of <paramref name="values"/>.</summary>
    /// <exception cref="ArgumentException">There are no values.</exception>
    public static FigureSpread Of(IReadOnlyCollection<double> values)
    {
        ArgumentNullException.ThrowIfNull(values);
        if (values.Count == 0)
        {
            throw new ArgumentException("A spread needs one value at least.", nameof(values));
        }

        double[] sorted = [.. values.Order()];
        var middle = sorted.Length / 2;
        var median = sorted.Length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
        var deviation = Math.Max(median - sorted[0], sorted[^1] - median);
        return new FigureSpread
        {
            Median = median,
            Min = sorted[0],
            Max = sorted[^1],
            MaxDeviationPercent = median == 0 ? 0 : 100 * deviation / Math.Abs(median),
        };
    }
}
