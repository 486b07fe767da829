using System.Diagnostics;

namespace Cqrs.Benchmarks.Cli;

/// <summary>Pins this process to its first cores.</summary>
internal static class CoreAffinity
{
    /// <exception cref="UsageException">The operating system does not let a process choose its cores.</exception>
    public static void PinToFirst(int cores)
    {
        if (OperatingSystem.IsLinux() || OperatingSystem.IsWindows())
        {
            using var process = Process.GetCurrentProcess();
            process.ProcessorAffinity = (nint)((1L << cores) - 1);
            return;
        }

        throw new UsageException("--cores works on Linux and Windows only.");
    }
}
