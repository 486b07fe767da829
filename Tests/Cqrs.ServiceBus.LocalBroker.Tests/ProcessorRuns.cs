using Azure.Messaging.ServiceBus;

namespace Cqrs.ServiceBus.LocalBroker.Tests;

/// <summary>What the processor tests share: a run until the handler signals it is done, failed by the first error.</summary>
internal static class ProcessorRuns
{
    /// <summary>An error handler that fails the run with the processor's error.</summary>
    public static Func<ProcessErrorEventArgs, Task> FailOn(TaskCompletionSource done) => args =>
    {
        done.TrySetException(args.Exception);
        return Task.CompletedTask;
    };

    /// <summary>Starts the processor, waits for <paramref name="done"/> (failing after <paramref name="patience"/>), and stops it.</summary>
    public static async Task RunUntil(TaskCompletionSource done, Func<CancellationToken, Task> start, Func<CancellationToken, Task> stop, TimeSpan patience)
    {
        await start(CancellationToken.None);
        await done.Task.WaitAsync(patience);
        await stop(CancellationToken.None);
    }

    /// <summary>Raises <paramref name="target"/> to <paramref name="value"/> when that is higher, from any thread.</summary>
    public static void RaiseTo(ref int target, int value)
    {
        int current;
        while ((current = Volatile.Read(ref target)) < value && Interlocked.CompareExchange(ref target, value, current) != current)
        {
        }
    }
}
