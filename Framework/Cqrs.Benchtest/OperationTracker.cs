using System.Diagnostics;
using System.Threading.Tasks.Sources;
using Cqrs.Benchtest.Handlers;

namespace Cqrs.Benchtest;

/// <summary>
/// Follows every operation of a run: when it was sent, how many event handlers have still to finish, and its
/// latency once the last one has. Arrays are indexed by the command's sequence and allocated before the run,
/// so the measured phase allocates nothing here. <see cref="Prepare"/> is called between runs only; the
/// other members are thread-safe.
/// </summary>
internal sealed class OperationTracker : IValueTaskSource, IHandlerCompletion
{
    /// <summary>Event handlers that must finish before an operation counts as done.</summary>
    public const int HandlersPerOperation = 2;

    private long[] _startTimestamps = [];
    private long[] _latencyTicks = [];
    private int[] _remainingHandlers = [];
    private int _expected;
    private int _completed;
    private int _duplicates;
    private long _lastCompletedTimestamp;
    private ManualResetValueTaskSourceCore<bool> _allDone = new() { RunContinuationsAsynchronously = true };

    /// <summary>Operations fully handled so far in this run.</summary>
    public int Completed => Volatile.Read(ref _completed);

    /// <summary>Handler calls beyond the expected ones in this run: events delivered twice.</summary>
    public int Duplicates => Volatile.Read(ref _duplicates);

    /// <summary>When the last operation completed so far was handled, as a <see cref="Stopwatch"/> timestamp (0: none yet).</summary>
    public long LastCompletedTimestamp => Volatile.Read(ref _lastCompletedTimestamp);

    /// <summary>
    /// The latencies of this run in <see cref="Stopwatch"/> ticks, negative for an operation that has not completed;
    /// complete once <see cref="WhenAllDone"/> has.
    /// </summary>
    public ArraySegment<long> LatencyTicks => new(_latencyTicks, 0, _expected);

    /// <summary>Resets for a run of <paramref name="operations"/>, reusing the arrays when they are large enough.</summary>
    public void Prepare(int operations)
    {
        if (_startTimestamps.Length < operations)
        {
            _startTimestamps = new long[operations];
            _latencyTicks = new long[operations];
            _remainingHandlers = new int[operations];
        }

        Array.Fill(_remainingHandlers, HandlersPerOperation, 0, operations);
        Array.Fill(_latencyTicks, -1, 0, operations);
        _expected = operations;
        _completed = 0;
        _duplicates = 0;
        _lastCompletedTimestamp = 0;
        _allDone.Reset();
    }

    /// <summary>Stamps the start of operation <paramref name="sequence"/>; call just before sending its command.</summary>
    public void Started(int sequence) => _startTimestamps[sequence] = Stopwatch.GetTimestamp();

    /// <summary>It counts runs by sequence alone.</summary>
    bool IHandlerCompletion.UsesMessageIds => false;

    void IHandlerCompletion.HandlerFinished(string handler, int sequence, Guid messageId) => HandlerFinished(sequence);

    /// <summary>Called by each event handler; the last one records the latency and may complete the run.</summary>
    public void HandlerFinished(int sequence)
    {
        var remaining = Interlocked.Decrement(ref _remainingHandlers[sequence]);
        if (remaining != 0)
        {
            if (remaining < 0)
            {
                Interlocked.Increment(ref _duplicates);
            }

            return;
        }

        var now = Stopwatch.GetTimestamp();
        _latencyTicks[sequence] = now - _startTimestamps[sequence];
        Volatile.Write(ref _lastCompletedTimestamp, now);
        if (Interlocked.Increment(ref _completed) == _expected)
        {
            _allDone.SetResult(true);
        }
    }

    /// <summary>Completes when every operation of the run has been handled by every event handler.</summary>
    public ValueTask WhenAllDone() => new(this, _allDone.Version);

    void IValueTaskSource.GetResult(short token) => _allDone.GetResult(token);

    ValueTaskSourceStatus IValueTaskSource.GetStatus(short token) => _allDone.GetStatus(token);

    void IValueTaskSource.OnCompleted(Action<object?> continuation, object? state, short token, ValueTaskSourceOnCompletedFlags flags) =>
        _allDone.OnCompleted(continuation, state, token, flags);
}
