using System.Diagnostics;
using System.Reflection;

namespace Cqrs.Benchmarks.Processes;

/// <summary>
/// Runs this CLI again as a child process pinned to its first cores from its start, so that its runtime sees only
/// those (<see cref="Environment.ProcessorCount"/>, the thread pool, the GC), as on a plan with that many. On one
/// core the child also gets the runtime setting the Bicep gives the app on B1 (<see cref="TieringVariable"/>),
/// unless the environment sets it already. The child inherits the arguments, standard input, output and error; its
/// exit code is returned.
/// </summary>
internal static class PinnedRelaunch
{
    /// <summary>Set in the child's environment: a child that still sees other processors fails rather than relaunch again.</summary>
    private const string MarkerVariable = "CQRS_BENCHTEST_RELAUNCHED";

    /// <summary>
    /// At 1, a runtime on one processor waits as long before tiering code up as on several, rather than ten times as
    /// long: read at the runtime's start, so only a relaunch can set it.
    /// </summary>
    private const string TieringVariable = "DOTNET_TC_DelaySingleProcMultiplier";

    public static bool IsRelaunched => Environment.GetEnvironmentVariable(MarkerVariable) is not null;

    /// <summary>Whether this process's environment lacks the runtime setting a run on <paramref name="cores"/> has: the child is given it.</summary>
    public static bool LacksRuntimeSettings(int cores) => cores == 1 && Environment.GetEnvironmentVariable(TieringVariable) is null;

    /// <summary>
    /// Starts the child and waits for it. Call it from the main thread before any await: on Linux the affinity is set
    /// on the main thread, and a child inherits the affinity of the thread that starts it.
    /// </summary>
    /// <exception cref="PlatformNotSupportedException">The operating system does not let a process choose its cores.</exception>
    public static async Task<int> RunAsync(int cores, IReadOnlyList<string> args)
    {
        CoreAffinity.PinToFirst(cores);
        var start = StartInfo(args);
        start.Environment[MarkerVariable] = "1";
        GiveRuntimeSettings(start, cores);
        using var child = Process.Start(start)!;
        await child.WaitForExitAsync().ConfigureAwait(false);
        return child.ExitCode;
    }

    /// <summary>How to start this CLI again with <paramref name="args"/>, inheriting standard input, output and error.</summary>
    public static ProcessStartInfo StartInfo(IEnumerable<string> args)
    {
        var start = new ProcessStartInfo(Environment.ProcessPath ?? throw new InvalidOperationException("This process's executable is unknown."))
        {
            UseShellExecute = false,
        };
        if (Path.GetFileNameWithoutExtension(start.FileName) == "dotnet")
        {
            // Run as `dotnet Cqrs.Benchmarks.dll`: the host needs the app's path again.
            start.ArgumentList.Add(Assembly.GetEntryAssembly()!.Location);
        }

        foreach (var argument in args)
        {
            start.ArgumentList.Add(argument);
        }

        return start;
    }

    /// <summary>Gives a child pinned to <paramref name="cores"/> the runtime settings of a plan with that many (see <see cref="TieringVariable"/>).</summary>
    public static void GiveRuntimeSettings(ProcessStartInfo start, int cores)
    {
        if (LacksRuntimeSettings(cores))
        {
            start.Environment[TieringVariable] = "1";
        }
    }
}
