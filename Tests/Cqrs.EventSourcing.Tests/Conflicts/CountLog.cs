namespace Cqrs.EventSourcing.Tests.Conflicts;

/// <summary>Signals once the expected number of <see cref="Counted"/> events were handled. Thread-safe.</summary>
public sealed class CountLog
{
    private int _remaining;
    private TaskCompletionSource _done = new(TaskCreationOptions.RunContinuationsAsynchronously);

    public Task Done => _done.Task;

    public void Expect(int events)
    {
        _done = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        Volatile.Write(ref _remaining, events);
    }

    public void Counted()
    {
        if (Interlocked.Decrement(ref _remaining) == 0)
        {
            _done.TrySetResult();
        }
    }
}
