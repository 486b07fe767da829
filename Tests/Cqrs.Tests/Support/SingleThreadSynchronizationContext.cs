using System.Collections.Concurrent;

namespace Cqrs.Tests.Support;

/// <summary>
/// A synchronization context with one thread, as a UI or a classic ASP.NET host has: continuations that capture it
/// queue for that thread, so code that blocks the thread on async work which needs it never finishes.
/// </summary>
internal sealed class SingleThreadSynchronizationContext : SynchronizationContext
{
    private readonly BlockingCollection<(SendOrPostCallback Callback, object? State)> _posted = [];

    /// <summary>Runs <paramref name="body"/> on a new thread under such a context, pumping it until the body is done.</summary>
    public static Task RunAsync(Func<Task> body)
    {
        var done = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var thread = new Thread(() =>
        {
            var context = new SingleThreadSynchronizationContext();
            SetSynchronizationContext(context);
            var running = Task.Run(() => { }).ContinueWith(_ => body(), TaskScheduler.FromCurrentSynchronizationContext()).Unwrap();
            running.ContinueWith(_ => context._posted.CompleteAdding(), TaskScheduler.Default);
            foreach (var (callback, state) in context._posted.GetConsumingEnumerable())
            {
                callback(state);
            }

            if (running.Exception is { } failure)
            {
                done.SetException(failure.InnerExceptions);
            }
            else
            {
                done.SetResult();
            }
        })
        { IsBackground = true, Name = "single-threaded context" };
        thread.Start();
        return done.Task;
    }

    public override void Post(SendOrPostCallback d, object? state) => _posted.Add((d, state));

    public override void Send(SendOrPostCallback d, object? state) => throw new NotSupportedException("Send would block the context's only thread.");

    public override SynchronizationContext CreateCopy() => this;
}
