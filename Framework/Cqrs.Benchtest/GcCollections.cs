namespace Cqrs.Benchtest;

/// <summary>
/// Garbage collections of each generation so far, and the time the process was paused for them: the difference
/// over the measured phase says how much of the tail latency the GC explains.
/// </summary>
/// <param name="Gen0">Collections of any generation (each collects gen0).</param>
/// <param name="Gen1">Collections of gen1 or gen2.</param>
/// <param name="Gen2">Collections of gen2.</param>
/// <param name="Paused">Time the process was paused for them.</param>
public readonly record struct GcCollections(int Gen0, int Gen1, int Gen2, TimeSpan Paused)
{
    /// <summary>The collections since the process started.</summary>
    /// <remarks>A collection of a generation also collects the younger ones, so Gen0 ≥ Gen1 ≥ Gen2.</remarks>
    public static GcCollections Now() =>
        new(GC.CollectionCount(0), GC.CollectionCount(1), GC.CollectionCount(2), GC.GetTotalPauseDuration());

    /// <summary>The collections between two readings.</summary>
    public static GcCollections operator -(GcCollections after, GcCollections before) =>
        new(after.Gen0 - before.Gen0, after.Gen1 - before.Gen1, after.Gen2 - before.Gen2, after.Paused - before.Paused);
}
