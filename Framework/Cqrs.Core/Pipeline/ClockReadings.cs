using System.Diagnostics;

namespace Cqrs.Pipeline;

/// <summary>
/// A clock reading (a <see cref="Stopwatch"/> timestamp) kept for the next handler of the delivery it was taken for:
/// the delivery's lag, or the previous handler's end, which then starts that handler's duration too, so each handler
/// costs one read. Kept per thread, not in the context: a reading is taken back in the same synchronous call or not at
/// all, and a field would grow the context allocated on every hop.
/// </summary>
internal static class ClockReadings
{
    [ThreadStatic]
    private static MessageContext? t_keptFor;

    [ThreadStatic]
    private static long t_reading;

    public static void Keep(MessageContext context, long timestamp)
    {
        t_keptFor = context;
        t_reading = timestamp;
    }

    /// <summary>The reading kept for <paramref name="context"/>, once; 0 when there is none (the caller then reads the clock).</summary>
    public static long Take(MessageContext context)
    {
        if (t_keptFor != context)
        {
            return 0;
        }

        t_keptFor = null;
        return t_reading;
    }

    /// <summary>
    /// Drops the reading kept, once a delivery's handlers have been called (or have started, for those that go on
    /// asynchronously): the thread must not keep the delivery, and through it the container, alive.
    /// </summary>
    public static void Forget() => t_keptFor = null;
}
