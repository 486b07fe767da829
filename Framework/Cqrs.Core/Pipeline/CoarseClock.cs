namespace Cqrs.Pipeline;

/// <summary>
/// UTC time from the system's coarse tick (<see cref="Environment.TickCount64"/>): a few nanoseconds a read, where the
/// precise clock costs ~25 here, and good to one tick (1 to 16 ms, by OS). Anchored to the precise clock again each
/// second, so it follows the wall clock's adjustments. Thread-safe.
/// </summary>
internal static class CoarseClock
{
    private const long AnchorMilliseconds = 1000;

    private static Anchor s_anchor = Anchor.Now();

    public static DateTimeOffset UtcNow
    {
        get
        {
            var tick = Environment.TickCount64;
            var anchor = s_anchor;
            if (tick - anchor.Tick >= AnchorMilliseconds)
            {
                anchor = Anchor.Now();
                s_anchor = anchor;
            }

            return new DateTimeOffset(anchor.UtcTicks + ((tick - anchor.Tick) * TimeSpan.TicksPerMillisecond), TimeSpan.Zero);
        }
    }

    /// <summary>A tick and the precise time read with it.</summary>
    private sealed record Anchor(long Tick, long UtcTicks)
    {
        public static Anchor Now() => new(Environment.TickCount64, DateTime.UtcNow.Ticks);
    }
}
