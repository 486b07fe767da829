using System.Diagnostics;
using Cqrs.Tests.Shared;

namespace Cqrs.Benchtest.Tests.Support;

/// <summary>The benchtest CLI (Benchmarks/Cqrs.Benchmarks), built beside this assembly, run as a child process.</summary>
internal static class BenchtestCli
{
    public static readonly TimeSpan Timeout = TimeSpan.FromSeconds(120);

    /// <summary>Benchmarks/Cqrs.Benchmarks/bin/&lt;configuration&gt;/&lt;framework&gt;/Cqrs.Benchmarks.dll, as built with this assembly.</summary>
    public static string Path
    {
        get
        {
            var output = new DirectoryInfo(AppContext.BaseDirectory.TrimEnd(System.IO.Path.DirectorySeparatorChar));
            var root = output.Parent!.Parent!.Parent!.Parent!.Parent!.FullName;
            var dll = System.IO.Path.Combine(root, "Benchmarks", "Cqrs.Benchmarks", "bin", output.Parent.Name, output.Name, "Cqrs.Benchmarks.dll");
            return File.Exists(dll) ? dll : throw new FileNotFoundException($"The CLI is not built at {dll}: build Tests/Cqrs.Benchtest.Tests, which builds it first.", dll);
        }
    }

    /// <summary>How to start the CLI with <paramref name="arguments"/>.</summary>
    public static ProcessStartInfo StartInfo(params IEnumerable<string> arguments)
    {
        var start = new ProcessStartInfo(Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") ?? "dotnet");
        start.ArgumentList.Add(Path);
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        return start;
    }

    public static Task<(int ExitCode, string[] Lines, string Errors)> RunAsync(params string[] arguments) => RunAsync(variable: null, arguments);

    /// <summary>Runs the CLI to its end, allowing it <paramref name="timeout"/>.</summary>
    public static async Task<(int ExitCode, string[] Lines, string Errors)> RunAsync(TimeSpan timeout, params string[] arguments)
    {
        var result = await ChildProcess.RunAsync(StartInfo(arguments), timeout);
        return (result.ExitCode, result.Lines, result.Errors);
    }

    /// <summary>Runs the CLI to its end (with <paramref name="variable"/> in its environment): its exit code, output lines and errors.</summary>
    public static async Task<(int ExitCode, string[] Lines, string Errors)> RunAsync((string Name, string Value)? variable, params string[] arguments)
    {
        var start = StartInfo(arguments);
        if (variable is var (name, value))
        {
            start.Environment[name] = value;
        }

        var result = await ChildProcess.RunAsync(start, Timeout);
        return (result.ExitCode, result.Lines, result.Errors);
    }
}
