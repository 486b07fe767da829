namespace Cqrs.Benchtest;

/// <summary>The runs of a concurrency sweep, in the order swept, with the best and the knee among them.</summary>
public sealed class SweepResult
{
    /// <summary>Share of the best throughput that counts as reaching it.</summary>
    public const double KneeShareOfBest = 0.95;

    /// <summary>Wraps the runs of a sweep.</summary>
    /// <exception cref="ArgumentException">No run.</exception>
    public SweepResult(IReadOnlyList<BenchtestResult> points)
    {
        ArgumentNullException.ThrowIfNull(points);
        if (points.Count == 0)
        {
            throw new ArgumentException("A sweep has at least one run.", nameof(points));
        }

        Points = points;
        Best = points.MaxBy(point => point.OpsPerSecond)!;
        Knee = points
            .Where(point => point.OpsPerSecond >= KneeShareOfBest * Best.OpsPerSecond)
            .MinBy(point => point.Tasks)!;
    }

    /// <summary>The runs, one per concurrency level.</summary>
    public IReadOnlyList<BenchtestResult> Points { get; }

    /// <summary>The run with the highest throughput.</summary>
    public BenchtestResult Best { get; }

    /// <summary>The lowest concurrency reaching <see cref="KneeShareOfBest"/> of the best throughput.</summary>
    public BenchtestResult Knee { get; }
}
