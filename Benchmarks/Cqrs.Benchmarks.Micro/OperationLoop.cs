using Cqrs.Benchtest;

namespace Cqrs.Benchmarks.Micro;

/// <summary>
/// How every dispatch subject runs its operations: each sent as the subject accepts it, then all awaited until both
/// event handlers of each have reported to the tracker.
/// </summary>
internal static class OperationLoop
{
    public const int Number = 42;

    /// <param name="send">Sends operation <c>sequence</c>'s command; a delegate kept by the subject, so a run allocates none.</param>
    public static async Task RunAsync(OperationTracker tracker, int operations, Func<int, ValueTask> send)
    {
        tracker.Prepare(operations);
        for (var sequence = 0; sequence < operations; sequence++)
        {
            tracker.Started(sequence);
            await send(sequence).ConfigureAwait(false);
        }

        await tracker.WhenAllDone().ConfigureAwait(false);
    }

    /// <summary>
    /// A send's completion without its result, allocating nothing when it completed at once (its result is still
    /// read, so that a pooled source behind it is released).
    /// </summary>
    public static ValueTask WithoutResult<T>(ValueTask<T> sent)
    {
        if (sent.IsCompletedSuccessfully)
        {
            _ = sent.Result;
            return default;
        }

        return new ValueTask(sent.AsTask());
    }
}
