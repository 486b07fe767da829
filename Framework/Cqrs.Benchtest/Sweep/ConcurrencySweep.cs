namespace Cqrs.Benchtest;

/// <summary>
/// Runs the benchtest at rising concurrency to find the knee of the throughput curve. At each level the
/// tasks and the bus's in-flight limit are both set to the level, so the level is exactly the number of
/// operations under way; every level measures the same number of operations. Not thread-safe.
/// </summary>
/// <param name="runner">The runner, shared so that every point reports the process's cold start-up.</param>
public sealed class ConcurrencySweep(BenchtestRunner runner)
{
    /// <summary>The levels swept when none are given.</summary>
    public static IReadOnlyList<int> DefaultLevels { get; } = [1, 2, 4, 8, 16, 32, 64, 128];

    /// <summary>Runs one benchtest per level, in order.</summary>
    /// <param name="settings">The run at every level; its task count and in-flight limit are replaced by the level.</param>
    /// <param name="levels">Concurrency levels, each at least 1.</param>
    /// <param name="onLevelStarting">Called before each level, for progress display.</param>
    /// <param name="progress">Progress within each level.</param>
    /// <param name="cancellationToken">Stops the sweep.</param>
    /// <exception cref="ArgumentException">No level, a level below 1, or an invalid setting.</exception>
    public async Task<SweepResult> RunAsync(
        BenchtestSettings settings,
        IReadOnlyList<int> levels,
        Action<int>? onLevelStarting = null,
        IProgress<BenchtestProgress>? progress = null,
        CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(settings);
        ArgumentNullException.ThrowIfNull(levels);
        if (levels.Count == 0 || levels.Any(level => level < 1))
        {
            throw new ArgumentException("Give at least one concurrency level, each at least 1.", nameof(levels));
        }

        var operations = settings.Operations;
        List<BenchtestResult> points = [];
        foreach (var level in levels)
        {
            onLevelStarting?.Invoke(level);
            var point = settings with
            {
                Tasks = level,
                CommandsPerTask = Math.Max(1, operations / level),
                MaxInFlight = level,
            };
            points.Add(await runner.RunAsync(point, progress, cancellationToken).ConfigureAwait(false));
        }

        return new SweepResult(points);
    }
}
