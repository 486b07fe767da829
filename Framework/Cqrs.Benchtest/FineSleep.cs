using System.Runtime.InteropServices;

namespace Cqrs.Benchtest;

/// <summary>
/// Sleeps for less than a millisecond where the OS allows it: .NET's sleeps and timers count whole
/// milliseconds, which would make an open-loop sender offer its load in millisecond bursts. On Linux a
/// high-resolution sleep (usleep) is used; elsewhere the sleep rounds up to a millisecond.
/// </summary>
internal static partial class FineSleep
{
    public static void For(TimeSpan duration)
    {
        if (OperatingSystem.IsLinux())
        {
            _ = MicrosecondSleep((uint)Math.Max(1, duration.Ticks / TimeSpan.TicksPerMicrosecond));
        }
        else
        {
            Thread.Sleep(1);
        }
    }

    [LibraryImport("libc", EntryPoint = "usleep")]
    private static partial int MicrosecondSleep(uint microseconds);
}
