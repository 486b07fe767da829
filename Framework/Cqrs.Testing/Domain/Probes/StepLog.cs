namespace Cqrs.Testing.Domain.Probes;

/// <summary>
/// What the ordering flow's handlers ran, per handler and key: the steps in the order they started, and every time two
/// steps of one key ran at once. A run stays open over a few yields, so that another of its key, wrongly let in, would
/// overlap it; a command handler's first step (sequence 0) can be held open until released. Signals once every expected
/// run has ended. One per container. Thread-safe.
/// </summary>
public sealed class StepLog
{
    private const int Yields = 4;

    private readonly Lock _lock = new();
    private readonly Dictionary<(StepColumn Column, string Key), List<int>> _started = [];
    private readonly Dictionary<(StepColumn Column, string Key), int> _running = [];
    private readonly List<string> _overlaps = [];
    private int _remaining;
    private TaskCompletionSource _done = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private TaskCompletionSource? _release;
    private TaskCompletionSource _held = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private int _toHold;

    /// <summary>Completes when every run expected by the last <see cref="Expect"/> has ended.</summary>
    public Task Done => _done.Task;

    /// <summary>Each time a step started while another of its handler and key was running: "handler key: step while step".</summary>
    public IReadOnlyList<string> Overlaps
    {
        get
        {
            lock (_lock)
            {
                return [.. _overlaps];
            }
        }
    }

    /// <summary>Starts a round of <paramref name="runs"/> handler runs.</summary>
    public void Expect(int runs)
    {
        _done = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        Volatile.Write(ref _remaining, runs);
    }

    /// <summary>
    /// From now on, holds every command handler's first step (sequence 0) open until <see cref="ReleaseFirstSteps"/>: the
    /// returned task completes once <paramref name="keys"/> of them are held.
    /// </summary>
    public Task HoldFirstSteps(int keys)
    {
        _held = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        Volatile.Write(ref _toHold, keys);
        Volatile.Write(ref _release, new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously));
        return _held.Task;
    }

    /// <summary>Lets the first steps held by <see cref="HoldFirstSteps"/> end, and holds no more.</summary>
    public void ReleaseFirstSteps() => Interlocked.Exchange(ref _release, null)?.TrySetResult();

    /// <summary>The steps the handler of <paramref name="column"/> started for <paramref name="key"/>, in the order it started them.</summary>
    public IReadOnlyList<int> Started(StepColumn column, string key)
    {
        lock (_lock)
        {
            return _started.TryGetValue((column, key), out var steps) ? [.. steps] : [];
        }
    }

    /// <summary>Logs the start of a run, yields a few times (or waits while held), and returns what ends it when disposed.</summary>
    public async ValueTask<IDisposable> RunAsync(StepColumn column, string key, int sequence)
    {
        lock (_lock)
        {
            var run = (column, key);
            if (!_started.TryGetValue(run, out var steps))
            {
                _started[run] = steps = [];
            }

            var running = _running.GetValueOrDefault(run);
            if (running > 0)
            {
                _overlaps.Add($"{column} {key}: step {sequence} while step {steps[^1]}");
            }

            steps.Add(sequence);
            _running[run] = running + 1;
        }

        if (column == StepColumn.Command && sequence == 0 && Volatile.Read(ref _release) is { } release)
        {
            if (Interlocked.Decrement(ref _toHold) == 0)
            {
                _held.TrySetResult();
            }

            await release.Task;
        }

        for (var i = 0; i < Yields; i++)
        {
            await Task.Yield();
        }

        return new Run(this, column, key);
    }

    private void End(StepColumn column, string key)
    {
        lock (_lock)
        {
            _running[(column, key)]--;
        }

        if (Interlocked.Decrement(ref _remaining) == 0)
        {
            _done.TrySetResult();
        }
    }

    private sealed class Run(StepLog log, StepColumn column, string key) : IDisposable
    {
        public void Dispose() => log.End(column, key);
    }
}
