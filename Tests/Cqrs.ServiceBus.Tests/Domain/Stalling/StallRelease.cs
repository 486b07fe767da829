namespace Cqrs.ServiceBus.Tests.Domain.Stalling;

/// <summary>Holds stalled handlers until the test releases them. One per container. Thread-safe.</summary>
public sealed class StallRelease
{
    private readonly TaskCompletionSource _released = new(TaskCreationOptions.RunContinuationsAsynchronously);

    /// <summary>Completes once <see cref="Release"/> is called.</summary>
    public Task Released => _released.Task;

    public void Release() => _released.TrySetResult();
}
