using System.Diagnostics;
using System.Text.Json;

namespace Cqrs.Benchtest.Tests;

/// <summary>
/// The benchtest CLI (Benchmarks/Cqrs.Benchmarks) run as a real process, built beside this assembly, on a few
/// hundred operations: what it reports, never how fast.
/// </summary>
public sealed class BenchtestCliTests
{
    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(120);

    [Fact]
    public async Task Cores1_RunsOnOneProcessorFromTheStart()
    {
        var (exitCode, lastLine, errors) = await RunCliAsync("--cores", "1", "--tasks", "1", "--commands", "200", "--warmup", "0", "--telemetry", "off");

        Assert.True(exitCode == 0, $"The CLI exited with {exitCode}: {errors}");
        using var result = JsonDocument.Parse(lastLine);
        Assert.Equal(1, result.RootElement.GetProperty("cores").GetInt32());
        Assert.Equal("from-start", result.RootElement.GetProperty("pinning").GetString());
    }

    private static async Task<(int ExitCode, string LastLine, string Errors)> RunCliAsync(params string[] arguments)
    {
        var start = new ProcessStartInfo(Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") ?? "dotnet")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        start.ArgumentList.Add(CliPath);
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        using var process = Process.Start(start)!;
        using var timeout = new CancellationTokenSource(Timeout);
        var output = process.StandardOutput.ReadToEndAsync(timeout.Token);
        var errors = process.StandardError.ReadToEndAsync(timeout.Token);
        try
        {
            await process.WaitForExitAsync(timeout.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            Assert.Fail($"The CLI did not exit within {Timeout.TotalSeconds} s.");
        }

        var lines = (await output).Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        return (process.ExitCode, lines.LastOrDefault() ?? "", await errors);
    }

    /// <summary>Benchmarks/Cqrs.Benchmarks/bin/&lt;configuration&gt;/&lt;framework&gt;/Cqrs.Benchmarks.dll, as built with this assembly.</summary>
    private static string CliPath
    {
        get
        {
            var output = new DirectoryInfo(AppContext.BaseDirectory.TrimEnd(Path.DirectorySeparatorChar));
            var root = output.Parent!.Parent!.Parent!.Parent!.Parent!.FullName;
            var dll = Path.Combine(root, "Benchmarks", "Cqrs.Benchmarks", "bin", output.Parent.Name, output.Name, "Cqrs.Benchmarks.dll");
            return File.Exists(dll) ? dll : throw new FileNotFoundException($"The CLI is not built at {dll}: build Tests/Cqrs.Benchtest.Tests, which builds it first.", dll);
        }
    }
}
