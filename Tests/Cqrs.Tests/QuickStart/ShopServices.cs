using System.Collections.Concurrent;

namespace Cqrs.Tests.QuickStart;

/// <summary>The quick start's stock service: records reservations.</summary>
public sealed class Stock
{
    public ConcurrentDictionary<Guid, int> Reserved { get; } = new();

    public ValueTask ReserveAsync(Guid orderId, int quantity)
    {
        Reserved[orderId] = quantity;
        return ValueTask.CompletedTask;
    }
}

/// <summary>The quick start's mailer: completes a task per confirmation so tests can await it.</summary>
public sealed class Mailer
{
    public ConcurrentDictionary<Guid, TaskCompletionSource> Confirmations { get; } = new();

    public Task ConfirmationSent(Guid orderId) =>
        Confirmations.GetOrAdd(orderId, _ => new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously)).Task;

    public ValueTask SendConfirmationAsync(Guid orderId)
    {
        Confirmations.GetOrAdd(orderId, _ => new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously)).TrySetResult();
        return ValueTask.CompletedTask;
    }
}
