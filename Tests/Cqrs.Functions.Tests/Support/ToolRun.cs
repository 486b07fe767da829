using System.Diagnostics;

namespace Cqrs.Functions.Tests.Support;

/// <summary>Runs a command-line tool to its end and keeps what it printed.</summary>
public sealed record ToolRun(int ExitCode, string Output, string Errors)
{
    public static async Task<ToolRun> RunAsync(string fileName, params string[] arguments)
    {
        var start = new ProcessStartInfo(fileName) { RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        using var process = Process.Start(start) ?? throw new InvalidOperationException($"{fileName} did not start.");
        var output = process.StandardOutput.ReadToEndAsync();
        var errors = process.StandardError.ReadToEndAsync();
        await process.WaitForExitAsync().WaitAsync(TimeSpan.FromMinutes(3));
        return new ToolRun(process.ExitCode, await output, await errors);
    }
}
