using System.Diagnostics;
using Cqrs.Tests.Shared;

namespace Cqrs.Packaging.Tests.Support;

/// <summary>Runs the .NET CLI, or a program it built, as a child process.</summary>
internal static class Dotnet
{
    private static readonly TimeSpan Timeout = TimeSpan.FromMinutes(4);

    /// <summary>The host running these tests, so the child uses the same SDK.</summary>
    public static string HostPath => Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") ?? "dotnet";

    public static Task<ProcessResult> RunAsync(string workingDirectory, params string[] arguments) =>
        RunProgramAsync(HostPath, workingDirectory, arguments);

    public static Task<ProcessResult> RunProgramAsync(string program, string workingDirectory, params string[] arguments) =>
        ChildProcess.RunAsync(StartInfo(program, workingDirectory, arguments), Timeout);

    /// <summary>Starts <paramref name="program"/> with its output redirected, for a caller that reads it as it comes.</summary>
    public static Process Start(string program, string workingDirectory, params string[] arguments)
    {
        var start = StartInfo(program, workingDirectory, arguments);
        start.RedirectStandardOutput = true;
        start.RedirectStandardError = true;
        start.UseShellExecute = false;
        return Process.Start(start)!;
    }

    /// <summary>
    /// MSBuild's worker nodes and the compiler server are kept off: they would outlive the command, holding its
    /// output pipes open, and the test would wait for them.
    /// </summary>
    private static ProcessStartInfo StartInfo(string program, string workingDirectory, string[] arguments)
    {
        var start = new ProcessStartInfo(program) { WorkingDirectory = workingDirectory };
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        // The test host runs under MSBuild, whose variables would steer the child's own MSBuild.
        foreach (var name in start.Environment.Keys.Where(name => name.StartsWith("MSBuild", StringComparison.OrdinalIgnoreCase)).ToArray())
        {
            start.Environment.Remove(name);
        }

        // A tool's launcher finds the runtime there, wherever this machine installed it.
        if (Path.IsPathRooted(HostPath))
        {
            start.Environment["DOTNET_ROOT"] = Path.GetDirectoryName(HostPath);
        }

        start.Environment["MSBUILDDISABLENODEREUSE"] = "1";
        start.Environment["DOTNET_CLI_USE_MSBUILD_SERVER"] = "0";
        start.Environment["UseSharedCompilation"] = "false";
        start.Environment["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1";
        start.Environment["DOTNET_NOLOGO"] = "1";
        return start;
    }
}
