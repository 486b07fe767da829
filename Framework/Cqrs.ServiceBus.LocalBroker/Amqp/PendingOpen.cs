namespace Cqrs.ServiceBus.LocalBroker.Amqp;

/// <summary>
/// A link open that completes later (a session receiver waiting for a session), in the library's Begin/End pattern:
/// the result is a task whose AsyncState is the library's state, and ending it throws the open's failure, which the
/// library sends to the client as the detach's error.
/// </summary>
internal static class PendingOpen
{
    /// <summary>Calls <paramref name="settled"/> with the open's failure (<see langword="null"/> on success), then <paramref name="callback"/>.</summary>
    public static IAsyncResult Begin(Task opening, Action<Exception?> settled, AsyncCallback callback, object state)
    {
        var result = new TaskCompletionSource(state);
        opening.ContinueWith(
            done =>
            {
                var failure = done.Exception?.InnerException;
                settled(failure);
                if (failure is null)
                {
                    result.SetResult();
                }
                else
                {
                    result.SetException(failure);
                }

                callback(result.Task);
            },
            CancellationToken.None,
            TaskContinuationOptions.None,
            TaskScheduler.Default);
        return result.Task;
    }

    /// <summary>Throws the open's failure; nothing for an open that completed at once.</summary>
    public static void End(IAsyncResult result)
    {
        if (result is Task task)
        {
            task.GetAwaiter().GetResult();
        }
    }
}
