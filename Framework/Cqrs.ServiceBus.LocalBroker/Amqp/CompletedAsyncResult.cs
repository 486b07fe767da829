namespace Cqrs.ServiceBus.LocalBroker.Amqp;

/// <summary>The already-completed result the library's Begin/End link factory pattern expects from a synchronous open.</summary>
internal sealed class CompletedAsyncResult : IAsyncResult
{
    public CompletedAsyncResult(AsyncCallback callback, object? state)
    {
        AsyncState = state;
        callback(this);
    }

    public object? AsyncState { get; }

    public WaitHandle AsyncWaitHandle => throw new NotSupportedException("The open completed synchronously.");

    public bool CompletedSynchronously => true;

    public bool IsCompleted => true;
}
