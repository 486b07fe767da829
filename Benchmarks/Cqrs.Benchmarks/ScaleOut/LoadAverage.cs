using System.Globalization;

namespace Cqrs.Benchmarks.ScaleOut;

/// <summary>The machine's one-minute load average, which every figure measured on a shared machine goes with.</summary>
internal static class LoadAverage
{
    /// <summary>The first field of /proc/loadavg on Linux; null elsewhere.</summary>
    public static double? Read() =>
        OperatingSystem.IsLinux() && File.Exists("/proc/loadavg")
            ? double.Parse(File.ReadAllText("/proc/loadavg").Split(' ')[0], CultureInfo.InvariantCulture)
            : null;
}
