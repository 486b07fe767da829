using System.Diagnostics;

namespace Cqrs.ServiceBus.LocalBroker.Tests;

/// <summary>
/// The command-line broker, run as a real process, on a topology file that is wrong: it says what is wrong in one line
/// on stderr, with no stack trace, and exits with 2, the exit code of a bad command line.
/// </summary>
public sealed class BrokerHostTests : IDisposable
{
    private readonly string _directory = Directory.CreateTempSubdirectory("broker-host-").FullName;

    [Theory]
    [InlineData("""{"queues":[""", "Cannot read the topology file")]
    [InlineData("""{"queues":[{"name":"orders"},{"name":"orders"}]}""", "is not valid: Entity name 'orders' is empty or used twice.")]
    public async Task Host_OnABadTopologyFile_SaysWhatIsWrong_WithoutAStackTrace(string json, string expected)
    {
        var path = Path.Combine(_directory, "topology.json");
        await File.WriteAllTextAsync(path, json);

        var (exitCode, stderr) = await RunHostAsync("--topology", path);

        Assert.Equal(2, exitCode);
        Assert.Contains(expected, stderr, StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", stderr, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Host_OnAMissingTopologyFile_SaysItCannotReadIt()
    {
        var path = Path.Combine(_directory, "missing.json");

        var (exitCode, stderr) = await RunHostAsync("--topology", path);

        Assert.Equal(2, exitCode);
        Assert.StartsWith($"Cannot read the topology file '{path}'", stderr, StringComparison.Ordinal);
    }

    public void Dispose() => Directory.Delete(_directory, recursive: true);

    private static async Task<(int ExitCode, string Stderr)> RunHostAsync(params string[] args)
    {
        var start = new ProcessStartInfo("dotnet") { RedirectStandardError = true, RedirectStandardOutput = true };
        start.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, "Cqrs.ServiceBus.LocalBroker.Host.dll"));
        foreach (var arg in args)
        {
            start.ArgumentList.Add(arg);
        }

        using var host = Process.Start(start)!;
        var stderr = host.StandardError.ReadToEndAsync();
        _ = await host.StandardOutput.ReadToEndAsync();
        await host.WaitForExitAsync().WaitAsync(TimeSpan.FromMinutes(1));
        return (host.ExitCode, await stderr);
    }
}
