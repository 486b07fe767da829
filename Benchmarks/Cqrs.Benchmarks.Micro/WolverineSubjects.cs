using Cqrs.Benchmarks.Wolverine;
using Cqrs.Benchtest;

namespace Cqrs.Benchmarks.Micro;

/// <summary>
/// Wolverine 6 as a dispatch subject, started only for its own benchmarks (its host runs background agents that the
/// other subjects should not share the cores with): <c>InvokeAsync</c> of the command, its event published to a local
/// in-memory queue, and the same with the event's handlers invoked in line.
/// </summary>
internal sealed class WolverineSubjects : IAsyncDisposable
{
    private readonly OperationTracker _tracker;
    private readonly WolverinePeer _wolverine;
    private readonly Func<int, ValueTask> _invoke;
    private readonly Func<int, ValueTask> _invokeInline;

    private WolverineSubjects(OperationTracker tracker, WolverinePeer wolverine)
    {
        _tracker = tracker;
        _wolverine = wolverine;
        _invoke = sequence => new ValueTask(_wolverine.InvokeAsync(sequence, OperationLoop.Number));
        _invokeInline = sequence => new ValueTask(_wolverine.InvokeInlineAsync(sequence, OperationLoop.Number));
    }

    public static async Task<WolverineSubjects> StartAsync()
    {
        var tracker = new OperationTracker();
        return new WolverineSubjects(tracker, await WolverinePeer.StartAsync(tracker.HandlerFinished).ConfigureAwait(false));
    }

    /// <summary>Each command invoked (its handler in the caller's call), its event handled on Wolverine's local queue.</summary>
    public Task InvokeAsync(int operations) => OperationLoop.RunAsync(_tracker, operations, _invoke);

    /// <summary>Each command invoked, its handler invoking the event's two handlers in line.</summary>
    public Task InvokeInlineAsync(int operations) => OperationLoop.RunAsync(_tracker, operations, _invokeInline);

    public ValueTask DisposeAsync() => _wolverine.DisposeAsync();
}
