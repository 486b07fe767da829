namespace Cqrs.Tests.Domain.Probes;

/// <summary>Holds handlers until the test opens it. One per container. Thread-safe.</summary>
public sealed class Gate
{
    private readonly TaskCompletionSource _entered = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private readonly TaskCompletionSource _opened = new(TaskCreationOptions.RunContinuationsAsynchronously);

    /// <summary>Completes when a handler first reaches the gate.</summary>
    public Task Entered => _entered.Task;

    public void Open() => _opened.TrySetResult();

    /// <summary>Waits until the gate is open.</summary>
    public Task PassAsync()
    {
        _entered.TrySetResult();
        return _opened.Task;
    }
}
