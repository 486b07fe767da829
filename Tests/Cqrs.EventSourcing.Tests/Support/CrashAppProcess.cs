using System.Diagnostics;
using System.Text;

namespace Cqrs.EventSourcing.Tests.Support;

/// <summary>
/// Tests/Cqrs.CrashApp run as a real child process (<c>dotnet Cqrs.CrashApp.dll ...</c>), built beside this assembly
/// (this project references it for the build order only). Its output is read line by line; its errors are kept to
/// explain a failure. Disposing it kills it if it still runs.
/// </summary>
internal sealed class CrashAppProcess : IDisposable
{
    /// <summary>
    /// Bounds every wait on the child: a hang fails the test instead of stalling it. Wide enough for a child that drains
    /// 200 saga timeouts through Azurite while the rest of the suite runs beside it on two cores.
    /// </summary>
    public static readonly TimeSpan Timeout = TimeSpan.FromMinutes(3);

    private readonly Process _process;
    private readonly StringBuilder _errors = new();

    private CrashAppProcess(string[] arguments)
    {
        var start = new ProcessStartInfo(Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") ?? "dotnet")
        {
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        start.ArgumentList.Add(DllPath);
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        _process = new Process { StartInfo = start };
        _process.ErrorDataReceived += (_, line) =>
        {
            lock (_errors)
            {
                _errors.AppendLine(line.Data);
            }
        };
        _process.Start();
        _process.BeginErrorReadLine();
    }

    /// <summary>Tests/Cqrs.CrashApp/bin/&lt;configuration&gt;/&lt;framework&gt;/Cqrs.CrashApp.dll, as built with this assembly.</summary>
    public static string DllPath { get; } = FindDll();

    public StreamWriter Input => _process.StandardInput;

    /// <summary>What the child wrote to its standard error so far.</summary>
    public string Errors
    {
        get
        {
            lock (_errors)
            {
                return _errors.ToString();
            }
        }
    }

    public static CrashAppProcess Start(params string[] arguments) => new(arguments);

    /// <summary>The next whole line of its output; null once it has exited. Fails the test after <see cref="Timeout"/>.</summary>
    public async Task<string?> ReadLineAsync()
    {
        try
        {
            return await _process.StandardOutput.ReadLineAsync().WaitAsync(Timeout);
        }
        catch (TimeoutException)
        {
            Assert.Fail($"The crash app wrote no line within {Timeout.TotalSeconds} s. Its errors:\n{Errors}");
            throw;
        }
    }

    /// <summary>Kills it with SIGKILL (on Linux): no handler, finalizer or flush runs.</summary>
    public void Kill()
    {
        _process.Kill();
        _process.WaitForExit();
    }

    /// <summary>The lines it wrote and the pipe still holds, once it has exited: a last line cut short by a kill is left out.</summary>
    public async Task<IReadOnlyList<string>> ReadRemainingLinesAsync()
    {
        var rest = await _process.StandardOutput.ReadToEndAsync().WaitAsync(Timeout);
        var lines = rest.Split('\n');
        return lines[..^1];
    }

    /// <summary>Waits for it to exit on its own and fails the test unless it exits with 0.</summary>
    public async Task WaitForSuccessAsync()
    {
        try
        {
            await _process.WaitForExitAsync().WaitAsync(Timeout);
        }
        catch (TimeoutException)
        {
            Assert.Fail($"The crash app did not exit within {Timeout.TotalSeconds} s. Its errors:\n{Errors}");
        }

        Assert.True(_process.ExitCode == 0, $"The crash app exited with {_process.ExitCode}. Its errors:\n{Errors}");
    }

    public void Dispose()
    {
        if (!_process.HasExited)
        {
            Kill();
        }

        _process.Dispose();
    }

    private static string FindDll()
    {
        var output = new DirectoryInfo(AppContext.BaseDirectory.TrimEnd(Path.DirectorySeparatorChar));
        var framework = output.Name;
        var configuration = output.Parent!.Name;
        var tests = output.Parent.Parent!.Parent!.Parent!.FullName;
        var dll = Path.Combine(tests, "Cqrs.CrashApp", "bin", configuration, framework, "Cqrs.CrashApp.dll");
        return File.Exists(dll) ? dll : throw new FileNotFoundException($"The crash app is not built at {dll}: build Tests/Cqrs.EventSourcing.Tests, which builds it first.", dll);
    }
}
