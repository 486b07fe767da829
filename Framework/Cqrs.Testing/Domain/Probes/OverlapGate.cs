namespace Cqrs.Testing.Domain.Probes;

/// <summary>
/// Holds each handler that passes until <see cref="Expect"/>'s number of them are inside at once, then lets them all
/// go: a transport that ran them one at a time would never open it. One per container. Thread-safe.
/// </summary>
public sealed class OverlapGate
{
    private int _together = 1;
    private int _inside;
    private int _remaining;
    private TaskCompletionSource _opened = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private TaskCompletionSource _done = new(TaskCreationOptions.RunContinuationsAsynchronously);

    /// <summary>Completes once the gate has opened.</summary>
    public Task Opened => _opened.Task;

    /// <summary>Completes once every handler expected has passed.</summary>
    public Task Done => _done.Task;

    /// <summary>Opens the gate once <paramref name="together"/> handlers are inside it at once; <paramref name="handlers"/> are to pass it.</summary>
    public void Expect(int together, int handlers)
    {
        _opened = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        _done = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        Volatile.Write(ref _together, together);
        Volatile.Write(ref _remaining, handlers);
    }

    /// <summary>Waits inside the gate until it opens (or <paramref name="cancellationToken"/> fires), then passes.</summary>
    public async Task PassAsync(CancellationToken cancellationToken)
    {
        if (Interlocked.Increment(ref _inside) >= Volatile.Read(ref _together))
        {
            _opened.TrySetResult();
        }

        try
        {
            await _opened.Task.WaitAsync(cancellationToken);
        }
        finally
        {
            Interlocked.Decrement(ref _inside);
        }

        if (Interlocked.Decrement(ref _remaining) == 0)
        {
            _done.TrySetResult();
        }
    }
}
