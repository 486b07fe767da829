using System.Collections.Concurrent;

namespace ConsumerApp;

/// <summary>What the event handlers saw; completes once as many entries as expected are in.</summary>
public sealed class Journal(int expected)
{
    private readonly ConcurrentQueue<string> entries = new();
    private readonly TaskCompletionSource complete = new(TaskCreationOptions.RunContinuationsAsynchronously);

    public ValueTask Write(string entry)
    {
        entries.Enqueue(entry);
        if (entries.Count >= expected)
        {
            complete.TrySetResult();
        }

        return ValueTask.CompletedTask;
    }

    /// <summary>The entries in a fixed order, since the two handlers of one event may run in either order.</summary>
    public async Task<IReadOnlyList<string>> ReadAsync(TimeSpan timeout)
    {
        await complete.Task.WaitAsync(timeout);
        return [.. entries.Order(StringComparer.Ordinal)];
    }
}
