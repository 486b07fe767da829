using System.ComponentModel;
using System.Diagnostics;
using System.Net.Sockets;
using System.Text;

namespace Cqrs.EventSourcing.Tests.Support;

/// <summary>
/// The Azurite table service for the tests: the one already listening on 127.0.0.1:10002, or else one started
/// here (from the repository's node_modules, the PATH, or npx), in memory, and stopped when the tests end.
/// </summary>
public sealed class AzuriteFixture : IAsyncLifetime
{
    /// <summary>The connection string of the local emulator.</summary>
    public const string ConnectionString = "UseDevelopmentStorage=true";

    private const string AzuriteVersion = "3.37.0";
    private const string Host = "127.0.0.1";
    private const int TablePort = 10002;
    private static readonly TimeSpan StartTimeout = TimeSpan.FromMinutes(2);

    private readonly StringBuilder _output = new();
    private Process? _azurite;

    public async Task InitializeAsync()
    {
        if (await IsListeningAsync())
        {
            return;
        }

        _azurite = Start();
        var waited = Stopwatch.StartNew();
        while (!await IsListeningAsync())
        {
            if (_azurite.HasExited || waited.Elapsed > StartTimeout)
            {
                var why = _azurite.HasExited ? $"it exited with code {_azurite.ExitCode}" : $"it did not listen within {StartTimeout.TotalSeconds:0} s";
                await DisposeAsync();
                throw new InvalidOperationException(
                    $"Azurite could not be started on {Host}:{TablePort}: {why}. Install it with 'npm install --no-save azurite@{AzuriteVersion}' " +
                    $"at the repository root, or start it yourself (azurite-table --inMemoryPersistence --skipApiVersionCheck). Its output:\n{Output()}");
            }

            await Task.Delay(200);
        }
    }

    public Task DisposeAsync()
    {
        if (_azurite is { HasExited: false })
        {
            _azurite.Kill(entireProcessTree: true);
            _azurite.WaitForExit();
        }

        _azurite?.Dispose();
        _azurite = null;
        return Task.CompletedTask;
    }

    private Process Start()
    {
        string[] options = ["--tableHost", Host, "--tablePort", $"{TablePort}", "--inMemoryPersistence", "--skipApiVersionCheck", "--disableTelemetry"];
        var (program, arguments) = FindAzurite() is { } azurite
            ? (azurite, options)
            : ("npx", ["--yes", $"--package=azurite@{AzuriteVersion}", "azurite-table", .. options]);
        var start = new ProcessStartInfo(program)
        {
            WorkingDirectory = Path.GetTempPath(),
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        var process = new Process { StartInfo = start };
        process.OutputDataReceived += (_, line) => Record(line.Data);
        process.ErrorDataReceived += (_, line) => Record(line.Data);
        try
        {
            process.Start();
        }
        catch (Win32Exception exception)
        {
            process.Dispose();
            throw new InvalidOperationException(
                $"Azurite is not listening on {Host}:{TablePort} and cannot be started: '{program}' is missing. Install Node.js, or start Azurite yourself.", exception);
        }

        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        return process;
    }

    /// <summary>azurite-table from node_modules at the repository root, else from the PATH; null when neither has it.</summary>
    private static string? FindAzurite()
    {
        var name = OperatingSystem.IsWindows() ? "azurite-table.cmd" : "azurite-table";
        var directories = RepositoryRoot() is { } root ? [Path.Combine(root, "node_modules", ".bin")] : Array.Empty<string>();
        var path = Environment.GetEnvironmentVariable("PATH")?.Split(Path.PathSeparator) ?? [];
        return directories.Concat(path).Select(directory => Path.Combine(directory, name)).FirstOrDefault(File.Exists);
    }

    private static string? RepositoryRoot()
    {
        var directory = new DirectoryInfo(AppContext.BaseDirectory);
        while (directory is not null && !File.Exists(Path.Combine(directory.FullName, "CQRS.sln")))
        {
            directory = directory.Parent;
        }

        return directory?.FullName;
    }

    private static async Task<bool> IsListeningAsync()
    {
        using var client = new TcpClient();
        try
        {
            await client.ConnectAsync(Host, TablePort);
            return true;
        }
        catch (SocketException)
        {
            return false;
        }
    }

    private void Record(string? line)
    {
        lock (_output)
        {
            _output.AppendLine(line);
        }
    }

    private string Output()
    {
        lock (_output)
        {
            return _output.ToString();
        }
    }
}
