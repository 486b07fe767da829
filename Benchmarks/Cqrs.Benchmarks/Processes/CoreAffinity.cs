using System.Diagnostics;
using System.Numerics;
using System.Runtime.Versioning;

namespace Cqrs.Benchmarks.Cli;

/// <summary>
/// Which processors this process may run on, and narrowing them to the first few it may use. On Linux the affinity
/// read and set here is the main thread's (the id the kernel knows the process by): threads already started keep
/// theirs, and a thread or child process started from the main thread afterwards inherits it.
/// </summary>
internal static class CoreAffinity
{
    /// <summary>Whether the runtime started on exactly <paramref name="cores"/> processors and may use no others.</summary>
    public static bool IsPinnedFromStartTo(int cores) =>
        Environment.ProcessorCount == cores &&
        (!(OperatingSystem.IsLinux() || OperatingSystem.IsWindows()) || BitOperations.PopCount(Allowed()) == cores);

    /// <summary>Narrows the affinity to the first <paramref name="cores"/> processors it allows now.</summary>
    /// <exception cref="UsageException">The operating system does not let a process choose its cores.</exception>
    public static void PinToFirst(int cores)
    {
        if (OperatingSystem.IsLinux() || OperatingSystem.IsWindows())
        {
            using var process = Process.GetCurrentProcess();
            process.ProcessorAffinity = (nint)First(cores, Allowed());
            return;
        }

        throw new UsageException("--cores works on Linux and Windows only.");
    }

    /// <summary>The lowest <paramref name="cores"/> processors of the mask <paramref name="allowed"/>.</summary>
    private static ulong First(int cores, ulong allowed)
    {
        var first = 0UL;
        for (var taken = 0; taken < cores && allowed != 0; taken++)
        {
            var lowest = allowed & (~allowed + 1);
            first |= lowest;
            allowed &= ~lowest;
        }

        return first;
    }

    [SupportedOSPlatform("linux")]
    [SupportedOSPlatform("windows")]
    private static ulong Allowed()
    {
        using var process = Process.GetCurrentProcess();
        return (ulong)process.ProcessorAffinity;
    }
}
