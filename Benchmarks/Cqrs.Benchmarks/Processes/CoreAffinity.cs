using System.Diagnostics;
using System.Numerics;
using System.Runtime.Versioning;

namespace Cqrs.Benchmarks.Processes;

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
    /// <exception cref="PlatformNotSupportedException">The operating system does not let a process choose its cores.</exception>
    public static void PinToFirst(int cores)
    {
        if (OperatingSystem.IsLinux() || OperatingSystem.IsWindows())
        {
            using var process = Process.GetCurrentProcess();
            process.ProcessorAffinity = (nint)First(cores, Allowed());
            return;
        }

        throw new PlatformNotSupportedException("--cores works on Linux and Windows only.");
    }

    /// <summary>
    /// The processors of the <paramref name="index"/>th of several processes given <paramref name="cores"/> each, in
    /// turn from this process's processors: on two processors with one core each, the first process gets the first,
    /// the second the second, the third the first again.
    /// </summary>
    /// <exception cref="PlatformNotSupportedException">The operating system does not let a process choose its cores.</exception>
    public static ulong Share(int index, int cores)
    {
        if (OperatingSystem.IsLinux() || OperatingSystem.IsWindows())
        {
            var allowed = Allowed();
            ulong[] processors = [.. Enumerable.Range(0, 64).Select(bit => 1UL << bit).Where(processor => (allowed & processor) != 0)];
            var mask = 0UL;
            for (var taken = 0; taken < cores; taken++)
            {
                mask |= processors[((index * cores) + taken) % processors.Length];
            }

            return mask;
        }

        throw new PlatformNotSupportedException("--cores works on Linux and Windows only.");
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
