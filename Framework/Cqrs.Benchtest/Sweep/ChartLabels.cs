using System.Globalization;

namespace Cqrs.Benchtest.Sweep;

/// <summary>How the charts write the numbers on their axes.</summary>
internal static class ChartLabels
{
    /// <summary>1,200 as "1.2k", 250,000 as "250k", 3,000,000 as "3M".</summary>
    public static string Count(double value) => value switch
    {
        >= 1_000_000 => (value / 1_000_000).ToString("0.##", CultureInfo.InvariantCulture) + "M",
        >= 1_000 => (value / 1_000).ToString("0.##", CultureInfo.InvariantCulture) + "k",
        _ => value.ToString("0.##", CultureInfo.InvariantCulture),
    };
}
