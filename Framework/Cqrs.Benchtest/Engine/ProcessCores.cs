using System.Diagnostics;
using System.Numerics;

namespace Cqrs.Benchtest.Engine;

/// <summary>
/// Cores the process may run on. <see cref="Environment.ProcessorCount"/> is read once at start-up, so it
/// misses an affinity set later (the CLI's <c>--cores</c>); the affinity mask does not.
/// </summary>
internal static class ProcessCores
{
    public static int Available()
    {
        if (!OperatingSystem.IsWindows() && !OperatingSystem.IsLinux())
        {
            return Environment.ProcessorCount;
        }

        using var process = Process.GetCurrentProcess();
        var allowed = BitOperations.PopCount((ulong)process.ProcessorAffinity);
        return Math.Clamp(allowed, 1, Environment.ProcessorCount);
    }
}
