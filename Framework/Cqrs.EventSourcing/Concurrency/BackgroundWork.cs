namespace Cqrs.EventSourcing;

/// <summary>
/// Work a component leaves running once its caller has what it needs (waiting for a delivery, then storing that it
/// happened), kept until it ends so that disposal can wait for it, a bounded time. The work must not throw. Thread-safe.
/// </summary>
internal sealed class BackgroundWork
{
    private readonly HashSet<Task> _running = [];

    /// <summary>Keeps <paramref name="work"/> until it ends.</summary>
    public void Track(Task work)
    {
        if (work.IsCompleted)
        {
            return;
        }

        lock (_running)
        {
            _running.Add(work);
        }

        work.ContinueWith(
            static (done, state) =>
            {
                var running = (HashSet<Task>)state!;
                lock (running)
                {
                    running.Remove(done);
                }
            },
            _running,
            CancellationToken.None,
            TaskContinuationOptions.ExecuteSynchronously,
            TaskScheduler.Default);
    }

    /// <summary>
    /// Stops <paramref name="transport"/> (if the work used one), which settles or sets aside every delivery the work
    /// waits for, then waits up to <paramref name="grace"/> for the work under way; returns how much of it is still running.
    /// </summary>
    public async Task<int> StopThenWaitAsync(Transports.ITransport? transport, TimeSpan grace)
    {
        if (transport is not null)
        {
            await transport.StopAsync().ConfigureAwait(false);
        }

        Task[] running;
        lock (_running)
        {
            running = [.. _running];
        }

        try
        {
            await Task.WhenAll(running).WaitAsync(grace).ConfigureAwait(false);
            return 0;
        }
        catch (TimeoutException)
        {
            return running.Count(task => !task.IsCompleted);
        }
    }
}
