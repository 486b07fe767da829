namespace Cqrs.Testing.Domain.Probes;

/// <summary>
/// Counts, per number, the calls of each handler of the ping flow, without allocating (so it can sit in
/// allocation tests), and signals once every expected call has arrived. One per container. Thread-safe.
/// </summary>
public sealed class Tally
{
    private int[][] _hits = [[], [], []];
    private int _remaining;
    private TaskCompletionSource _done = new(TaskCreationOptions.RunContinuationsAsynchronously);

    /// <summary>Completes when every call expected by the last <see cref="Expect"/> has arrived.</summary>
    public Task Done => _done.Task;

    /// <summary>Starts a round: pings numbered 0 to <paramref name="numbers"/> - 1, each seen by all three handlers.</summary>
    public void Expect(int numbers)
    {
        _hits = [new int[numbers], new int[numbers], new int[numbers]];
        _done = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        Volatile.Write(ref _remaining, numbers * _hits.Length);
    }

    /// <summary>Counts a call of the handler of <paramref name="column"/> for <paramref name="number"/>.</summary>
    public void Hit(TallyColumn column, int number)
    {
        Interlocked.Increment(ref _hits[(int)column][number]);
        if (Interlocked.Decrement(ref _remaining) == 0)
        {
            _done.TrySetResult();
        }
    }

    /// <summary>How many times each number reached the handler of <paramref name="column"/>.</summary>
    public IReadOnlyList<int> Hits(TallyColumn column) => _hits[(int)column];
}
