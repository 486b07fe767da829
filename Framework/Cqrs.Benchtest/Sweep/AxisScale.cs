namespace Cqrs.Benchtest.Sweep;

/// <summary>
/// A chart axis: linear from 0 to a round maximum with ticks at a round step (1, 2 or 5 times a power of
/// ten), or logarithmic between whole decades with a tick at each.
/// </summary>
internal readonly record struct AxisScale(double Min, double Max, double Step, bool Logarithmic)
{
    /// <summary>The smallest round linear axis from 0 covering <paramref name="max"/> in about <paramref name="ticks"/> steps.</summary>
    public static AxisScale Linear(double max, int ticks = 5)
    {
        var rough = (max > 0 ? max : 1) / ticks;
        var magnitude = Math.Pow(10, Math.Floor(Math.Log10(rough)));
        var step = (rough / magnitude) switch
        {
            <= 1 => 1,
            <= 2 => 2,
            <= 5 => 5,
            _ => 10,
        } * magnitude;
        return new AxisScale(0, Math.Ceiling(rough * ticks / step) * step, step, Logarithmic: false);
    }

    /// <summary>The decades covering [<paramref name="min"/>, <paramref name="max"/>], both positive.</summary>
    public static AxisScale Decades(double min, double max)
    {
        var low = Math.Pow(10, Math.Floor(Math.Log10(Math.Max(min, 1e-9))));
        var high = Math.Pow(10, Math.Ceiling(Math.Log10(Math.Max(max, low * 10))));
        return new AxisScale(low, high == low ? low * 10 : high, 10, Logarithmic: true);
    }

    /// <summary>Where <paramref name="value"/> falls along the axis, from 0 (start) to 1 (end).</summary>
    public double Fraction(double value) => Logarithmic
        ? (Math.Log10(Math.Max(value, Min)) - Math.Log10(Min)) / (Math.Log10(Max) - Math.Log10(Min))
        : value / Max;

    /// <summary>Tick values from <see cref="Min"/> to <see cref="Max"/>.</summary>
    public IEnumerable<double> Ticks()
    {
        for (var tick = Min; tick <= Max * 1.000001; tick = Logarithmic ? tick * Step : tick + Step)
        {
            yield return tick;
        }
    }
}
