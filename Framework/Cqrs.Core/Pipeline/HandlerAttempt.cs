namespace Cqrs.Pipeline;

/// <summary>One handler's invocation for one delivery, through its middleware, started again for each retry.</summary>
internal readonly struct HandlerAttempt<THandler, TMessage>(
    MessageContext context,
    THandler handler,
    TMessage message,
    Func<THandler, TMessage, IMessageContext, CancellationToken, ValueTask> invoke,
    IHandlerMiddleware<TMessage>[] middleware,
    bool wholeDelivery)
    where THandler : class
{
    public MessageContext Context { get; } = context;

    public THandler Handler => handler;

    private TMessage Message => message;

    private IHandlerMiddleware<TMessage>[] Middleware => middleware;

    /// <summary>Looked up when needed (a failure, a span, a metric someone listens to), not per delivery.</summary>
    public string HandlerName => HandlerNames.Of(handler);

    /// <summary>Whether a final failure dead-letters the delivery itself, rather than a copy aimed at this handler.</summary>
    public bool WholeDelivery { get; } = wholeDelivery;

    /// <summary>
    /// Calls the handler through its middleware; an exception thrown at once comes back as a faulted task, like a later
    /// one. Its sends are counted from 0 again: a retry sends what the failed attempt sent under the same ids.
    /// </summary>
    public ValueTask Start(CancellationToken cancellationToken)
    {
        Context.RestartSends();
        try
        {
            return middleware.Length == 0 ? InvokeHandler(cancellationToken) : Through(this, 0, cancellationToken);
        }
        catch (Exception exception)
        {
            return ValueTask.FromException(exception);
        }
    }

    private ValueTask InvokeHandler(CancellationToken cancellationToken) => invoke(handler, message, Context, cancellationToken);

    /// <summary>The middleware from <paramref name="index"/> on, then the handler.</summary>
    private static ValueTask Through(HandlerAttempt<THandler, TMessage> attempt, int index, CancellationToken cancellationToken) =>
        index < attempt.Middleware.Length ? Step(attempt, index, cancellationToken) : attempt.InvokeHandler(cancellationToken);

    /// <summary>One middleware; its next step may be called again (a middleware that retries).</summary>
    private static ValueTask Step(HandlerAttempt<THandler, TMessage> attempt, int index, CancellationToken cancellationToken) =>
        attempt.Middleware[index].InvokeAsync(
            attempt.Message, attempt.Context, attempt.Handler.GetType(), () => Through(attempt, index + 1, cancellationToken), cancellationToken);
}
