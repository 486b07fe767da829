using System.Diagnostics;
using System.Text.Json;

namespace Cqrs.Functions.LocalHost.Worker;

/// <summary>
/// The app's worker, started as the Functions host starts it: the executable and assembly its worker.config.json
/// names, the host's gRPC address and ids on its command line, the app's settings in its environment.
/// </summary>
internal sealed class WorkerProcess : IDisposable
{
    private readonly Process _process;

    private WorkerProcess(Process process) => _process = process;

    public int Id => _process.Id;

    public Task ExitedAsync() => _process.WaitForExitAsync();

    public static WorkerProcess Start(string applicationDirectory, Uri hostUri, IReadOnlyDictionary<string, string?> settings, Action<string> output)
    {
        using var config = JsonDocument.Parse(File.ReadAllText(Path.Combine(applicationDirectory, "worker.config.json")));
        var description = config.RootElement.GetProperty("description");
        var start = new ProcessStartInfo(description.GetProperty("defaultExecutablePath").GetString()!)
        {
            WorkingDirectory = applicationDirectory,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
        };
        start.ArgumentList.Add(Path.Combine(applicationDirectory, description.GetProperty("defaultWorkerPath").GetString()!));
        var workerId = Guid.NewGuid().ToString();
        foreach (var (name, value) in new[]
        {
            ("--functions-uri", hostUri.ToString()),
            ("--functions-worker-id", workerId),
            ("--functions-request-id", Guid.NewGuid().ToString()),
            ("--functions-grpc-max-message-length", int.MaxValue.ToString(System.Globalization.CultureInfo.InvariantCulture)),
        })
        {
            start.ArgumentList.Add(name);
            start.ArgumentList.Add(value);
        }

        foreach (var (key, value) in settings)
        {
            start.Environment[key] = value;
        }

        start.Environment["FUNCTIONS_APPLICATION_DIRECTORY"] = applicationDirectory;
        start.Environment["FUNCTIONS_WORKER_DIRECTORY"] = applicationDirectory;
        start.Environment["FUNCTIONS_WORKER_RUNTIME"] = "dotnet-isolated";
        var process = Process.Start(start) ?? throw new InvalidOperationException("The worker process did not start.");
        process.OutputDataReceived += (_, line) => Forward("[worker] ", line.Data, output);
        process.ErrorDataReceived += (_, line) => Forward("[worker stderr] ", line.Data, output);
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        return new WorkerProcess(process);
    }

    /// <summary>Kills the worker (SIGKILL on Unix) with any process it started.</summary>
    public void Dispose()
    {
        if (!_process.HasExited)
        {
            _process.Kill(entireProcessTree: true);
            _process.WaitForExit();
        }

        _process.Dispose();
    }

    /// <summary>A line the worker printed, marked as the worker's: the host prints its own lines beside them.</summary>
    private static void Forward(string prefix, string? line, Action<string> output)
    {
        if (line is not null)
        {
            output(prefix + line);
        }
    }
}
