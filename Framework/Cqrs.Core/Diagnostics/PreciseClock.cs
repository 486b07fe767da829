using System.Diagnostics;

namespace Cqrs.Diagnostics;

/// <summary>
/// UTC time at a <see cref="Stopwatch"/> timestamp: anchored to the wall clock, again each second. So one clock read
/// serves both a delivery's lag (against its UTC enqueue time) and the start of its first handler's duration.
/// Thread-safe.
/// </summary>
internal static class PreciseClock
{
    private static readonly double UtcTicksPerTimestamp = (double)TimeSpan.TicksPerSecond / Stopwatch.Frequency;

    private static Anchor s_anchor = new(Stopwatch.GetTimestamp(), DateTime.UtcNow.Ticks);

    public static DateTimeOffset UtcAt(long timestamp)
    {
        var anchor = Volatile.Read(ref s_anchor);
        if (timestamp - anchor.Timestamp >= Stopwatch.Frequency)
        {
            // Follows the wall clock's steps; a race only installs one of two anchors taken at nearly the same time.
            anchor = new Anchor(timestamp, DateTime.UtcNow.Ticks);
            Volatile.Write(ref s_anchor, anchor);
        }

        return new DateTimeOffset(anchor.UtcTicks + (long)((timestamp - anchor.Timestamp) * UtcTicksPerTimestamp), TimeSpan.Zero);
    }

    /// <summary>A timestamp and the UTC time read with it.</summary>
    private sealed record Anchor(long Timestamp, long UtcTicks);
}
