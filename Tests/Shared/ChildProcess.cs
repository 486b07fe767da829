using System.Diagnostics;

namespace Cqrs.Tests.Shared;

/// <summary>What a child process printed and how it ended.</summary>
internal sealed record ProcessResult(int ExitCode, string Output, string Errors)
{
    /// <summary>The non-empty lines of its output, trimmed.</summary>
    public string[] Lines => Output.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);

    public override string ToString() => $"exit code {ExitCode}\n--- stdout\n{Output}\n--- stderr\n{Errors}";
}

/// <summary>
/// Runs a program as a child process to its end, reading its output whole. Shared by the test projects that run one
/// (linked into each): a child still running after the timeout is killed, with its children, and fails the test.
/// </summary>
internal static class ChildProcess
{
    public static async Task<ProcessResult> RunAsync(ProcessStartInfo start, TimeSpan timeout)
    {
        start.RedirectStandardOutput = true;
        start.RedirectStandardError = true;
        start.UseShellExecute = false;
        using var process = Process.Start(start)!;
        using var cancellation = new CancellationTokenSource(timeout);
        var output = process.StandardOutput.ReadToEndAsync(cancellation.Token);
        var errors = process.StandardError.ReadToEndAsync(cancellation.Token);
        try
        {
            await process.WaitForExitAsync(cancellation.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            Assert.Fail($"{start.FileName} {string.Join(' ', start.ArgumentList)} did not exit within {timeout.TotalSeconds} s.");
        }

        return new ProcessResult(process.ExitCode, await output, await errors);
    }
}
