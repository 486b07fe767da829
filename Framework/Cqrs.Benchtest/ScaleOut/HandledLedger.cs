using System.Diagnostics;
using Cqrs.Benchtest.Handlers;

namespace Cqrs.Benchtest.ScaleOut;

/// <summary>
/// What one consumer process of a scale-out run handled: how many event handler runs each operation (by its sequence)
/// had here, and when the last operation this process completed was. Its handlers report to it; the run's parent reads
/// it over the process's standard output. Thread-safe.
/// </summary>
/// <param name="sequences">Operations of the whole run, warm-up included: the sequences the sender numbers from 0.</param>
internal sealed class HandledLedger(int sequences) : IHandlerCompletion
{
    private readonly int[] _runs = new int[sequences];
    private int _completed;
    private long _lastCompletedTimestamp;

    /// <summary>Operations whose event handlers have all run here.</summary>
    public int Completed => Volatile.Read(ref _completed);

    /// <summary>
    /// When the last operation completed here was, as a <see cref="Stopwatch"/> timestamp (0: none yet): the machine's
    /// monotonic clock, which the run's other processes read alike.
    /// </summary>
    public long LastCompletedTimestamp => Volatile.Read(ref _lastCompletedTimestamp);

    /// <summary>It counts runs by sequence alone.</summary>
    public bool UsesMessageIds => false;

    public void HandlerFinished(string handler, int sequence, Guid messageId)
    {
        if (Interlocked.Increment(ref _runs[sequence]) == OperationTracker.HandlersPerOperation)
        {
            Volatile.Write(ref _lastCompletedTimestamp, Stopwatch.GetTimestamp());
            Interlocked.Increment(ref _completed);
        }
    }

    /// <summary>The handler runs per sequence, each at most 255 (far past any count that is not 0, 1 or 2).</summary>
    public byte[] Runs() => [.. _runs.Select(runs => (byte)Math.Min(runs, byte.MaxValue))];
}
