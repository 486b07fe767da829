namespace Cqrs.Pipeline;

/// <summary>
/// UTC time from the system's coarse tick (<see cref="Environment.TickCount64"/>): cheaper to read than the precise
/// clock, and good to one tick (1 to 16 ms, by OS). Anchored to the precise clock
/// again each second, so it follows the wall clock forward; it never steps back: a new anchor is never behind where
/// the one before had got to, so after the wall clock steps back it goes on from where it was. Thread-safe.
/// </summary>
internal static class CoarseClock
{
    private const long AnchorMilliseconds = 1000;

    private static Anchor s_anchor = new(Environment.TickCount64, DateTime.UtcNow.Ticks);

    public static DateTimeOffset UtcNow => new(UtcTicksAt(Environment.TickCount64, static () => DateTime.UtcNow.Ticks), TimeSpan.Zero);

    /// <summary>
    /// The time at <paramref name="tick"/>, re-anchored to <paramref name="preciseUtcTicks"/> when the anchor is a
    /// second old. Every anchor is a line of the same slope at or above the one it replaces, so a later read (a later
    /// tick, the same or a newer anchor) never gives an earlier time.
    /// </summary>
    internal static long UtcTicksAt(long tick, Func<long> preciseUtcTicks)
    {
        var anchor = Volatile.Read(ref s_anchor);
        if (tick - anchor.Tick >= AnchorMilliseconds)
        {
            var renewed = new Anchor(tick, Math.Max(preciseUtcTicks(), anchor.At(tick)));
            var installed = Interlocked.CompareExchange(ref s_anchor, renewed, anchor);
            anchor = installed == anchor ? renewed : installed; // another thread renewed it first: go on from its anchor
        }

        return anchor.At(tick);
    }

    /// <summary>A tick and the UTC time taken for it.</summary>
    private sealed record Anchor(long Tick, long UtcTicks)
    {
        public long At(long tick) => UtcTicks + ((tick - Tick) * TimeSpan.TicksPerMillisecond);
    }
}
