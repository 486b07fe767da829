using System.Diagnostics;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Cqrs.Benchmarks.Processes;

namespace Cqrs.Benchmarks.ScaleOut;

/// <summary>
/// This CLI running again as a child process in one role of a scale-out run (<see cref="RoleCommand"/>), spoken to
/// a line at a time (<see cref="RoleConsole"/>). Its standard error is this process's. Disposing kills it, if it is
/// still running; and if this process dies first, the child's standard input closes and it exits on its own.
/// </summary>
internal sealed class RoleProcess : IDisposable
{
    private readonly Process _process;

    private RoleProcess(Process process, string name)
    {
        _process = process;
        Name = name;
    }

    /// <summary>How errors name it: "consumer 2".</summary>
    public string Name { get; }

    /// <summary>Its process id.</summary>
    public int Id => _process.Id;

    /// <summary>The child's CPU time so far, every thread, user and kernel.</summary>
    public TimeSpan CpuTime
    {
        get
        {
            _process.Refresh();
            return _process.TotalProcessorTime;
        }
    }

    /// <summary>Starts the role, on every processor this process may use, or (<paramref name="processors"/>) on those alone from its start.</summary>
    /// <param name="role">broker, consumer or sender.</param>
    /// <param name="name">How errors name it: "consumer 2".</param>
    /// <param name="arguments">The role's own arguments.</param>
    /// <param name="processors">An affinity mask; null: not pinned.</param>
    /// <param name="cores">The processors in <paramref name="processors"/>, for the runtime settings of a plan with that many.</param>
    public static RoleProcess Start(string role, string name, IEnumerable<string> arguments, ulong? processors = null, int cores = 0)
    {
        var start = PinnedRelaunch.StartInfo(["role", role, .. arguments]);
        start.RedirectStandardInput = true;
        start.RedirectStandardOutput = true;
        if (processors is not { } mask)
        {
            return new RoleProcess(Process.Start(start)!, name);
        }

        PinnedRelaunch.GiveRuntimeSettings(start, cores);
        return new RoleProcess(PinnedStart.Start(start, mask), name);
    }

    /// <summary>Reads the child's next line.</summary>
    /// <exception cref="IOException">The child ended before writing one.</exception>
    public async Task<T> ReadAsync<T>(JsonTypeInfo<T> type, CancellationToken cancellationToken)
    {
        var line = await _process.StandardOutput.ReadLineAsync(cancellationToken).ConfigureAwait(false);
        if (line is null)
        {
            await _process.WaitForExitAsync(cancellationToken).ConfigureAwait(false);
            throw new IOException($"The {Name} process ended with exit code {_process.ExitCode} (its errors are above).");
        }

        return JsonSerializer.Deserialize(line, type) ?? throw new IOException($"The {Name} process answered '{line}'.");
    }

    /// <summary>Sends a command line and reads its answer.</summary>
    /// <exception cref="IOException">The child ended before answering.</exception>
    public async Task<T> AskAsync<T>(string command, JsonTypeInfo<T> type, CancellationToken cancellationToken)
    {
        await _process.StandardInput.WriteLineAsync(command.AsMemory(), cancellationToken).ConfigureAwait(false);
        await _process.StandardInput.FlushAsync(cancellationToken).ConfigureAwait(false);
        return await ReadAsync(type, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Kills it at once (SIGKILL on Linux): nothing it has under way finishes.</summary>
    public void Kill()
    {
        try
        {
            _process.Kill();
        }
        catch (InvalidOperationException)
        {
            // It had ended already.
        }

        _process.WaitForExit();
    }

    public void Dispose()
    {
        Kill();
        _process.Dispose();
    }
}
