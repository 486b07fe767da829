using System.ComponentModel;
using System.Diagnostics;
using System.Runtime.ExceptionServices;
using System.Runtime.InteropServices;

namespace Cqrs.Benchmarks.Processes;

/// <summary>
/// Starts a process that runs on given processors from its start, so its runtime sizes its thread pool and GC for
/// them alone, while this process keeps running on all of its own. On Linux a child inherits the affinity of the
/// thread that starts it: a thread of its own is narrowed to the processors, starts the child, and ends.
/// </summary>
internal static partial class PinnedStart
{
    /// <exception cref="PlatformNotSupportedException">Not on Linux.</exception>
    /// <exception cref="Win32Exception">The processors cannot be chosen.</exception>
    public static Process Start(ProcessStartInfo start, ulong processors)
    {
        if (!OperatingSystem.IsLinux())
        {
            throw new PlatformNotSupportedException("--consumers pins its consumer processes on Linux only.");
        }

        Process? started = null;
        ExceptionDispatchInfo? failure = null;
        var starter = new Thread(() =>
        {
            try
            {
                if (SetThreadAffinity(0, sizeof(ulong), in processors) != 0)
                {
                    throw new Win32Exception(Marshal.GetLastPInvokeError());
                }

                started = Process.Start(start);
            }
            catch (Exception exception) when (exception is Win32Exception or InvalidOperationException)
            {
                failure = ExceptionDispatchInfo.Capture(exception);
            }
        });
        starter.Start();
        starter.Join();
        failure?.Throw();
        return started ?? throw new InvalidOperationException($"{start.FileName} did not start.");
    }

    /// <summary>sched_setaffinity(2): thread 0 is the calling thread.</summary>
    [LibraryImport("libc", EntryPoint = "sched_setaffinity", SetLastError = true)]
    private static partial int SetThreadAffinity(int thread, nuint maskBytes, in ulong mask);
}
