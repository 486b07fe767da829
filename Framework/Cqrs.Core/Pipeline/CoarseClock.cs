namespace Cqrs.Pipeline;

/// <summary>
/// UTC time from a coarse tick (for <see cref="System"/>, <see cref="Environment.TickCount64"/>): cheaper to read than
/// the precise clock, and good to one tick (1 to 16 ms, by OS). Anchored to the precise clock
/// again each second, so it follows the wall clock forward; it never steps back: a new anchor is never behind where
/// the one before had got to, so after the wall clock steps back it goes on from where it was. Thread-safe.
/// </summary>
internal sealed class CoarseClock
{
    private const long AnchorMilliseconds = 1000;

    private readonly TimeProvider _wallClock;
    private readonly Func<long> _tickMilliseconds;
    private Anchor _anchor;

    /// <param name="wallClock">The precise clock it is anchored to.</param>
    /// <param name="tickMilliseconds">The coarse tick, in milliseconds: it only goes forward.</param>
    public CoarseClock(TimeProvider wallClock, Func<long> tickMilliseconds)
    {
        _wallClock = wallClock;
        _tickMilliseconds = tickMilliseconds;
        _anchor = new Anchor(tickMilliseconds(), wallClock.GetUtcNow().UtcTicks);
    }

    /// <summary>The system's coarse tick, anchored to the system clock.</summary>
    public static CoarseClock System { get; } = new(TimeProvider.System, static () => Environment.TickCount64);

    public DateTimeOffset UtcNow => new(UtcTicksAt(_tickMilliseconds()), TimeSpan.Zero);

    /// <summary>
    /// The time at <paramref name="tick"/>, re-anchored to the wall clock when the anchor is a second old. Every anchor
    /// is a line of the same slope at or above the one it replaces, so a later read (a later tick, the same or a newer
    /// anchor) never gives an earlier time.
    /// </summary>
    private long UtcTicksAt(long tick)
    {
        var anchor = Volatile.Read(ref _anchor);
        if (tick - anchor.Tick >= AnchorMilliseconds)
        {
            var renewed = new Anchor(tick, Math.Max(_wallClock.GetUtcNow().UtcTicks, anchor.At(tick)));
            var installed = Interlocked.CompareExchange(ref _anchor, renewed, anchor);
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
