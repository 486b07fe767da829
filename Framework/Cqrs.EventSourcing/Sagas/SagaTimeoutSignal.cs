namespace Cqrs.EventSourcing;

/// <summary>Wakes the timeout scheduler when this process stores a timeout. Thread-safe.</summary>
internal sealed class SagaTimeoutSignal
{
    private TaskCompletionSource _next = NewSignal();

    /// <summary>Completes at the next <see cref="Requested"/> after it was taken.</summary>
    public Task Next => Volatile.Read(ref _next).Task;

    /// <summary>Timeouts were stored.</summary>
    public void Requested() => Interlocked.Exchange(ref _next, NewSignal()).TrySetResult();

    private static TaskCompletionSource NewSignal() => new(TaskCreationOptions.RunContinuationsAsynchronously);
}
