namespace Cqrs.Pipeline;

/// <summary>One handler's invocation for one delivery, through its middleware, started again for each retry.</summary>
internal readonly struct HandlerAttempt<THandler, TMessage>(
    MessagePipeline pipeline,
    MessageContext context,
    THandler handler,
    TMessage message,
    Func<THandler, TMessage, IMessageContext, CancellationToken, ValueTask> invoke,
    IHandlerMiddleware<TMessage>[] middleware,
    bool wholeDelivery)
    where THandler : class
{
    public MessagePipeline Pipeline { get; } = pipeline;

    public MessageContext Context { get; } = context;

    public THandler Handler => handler;

    public TMessage Message => message;

    public IHandlerMiddleware<TMessage>[] Middleware => middleware;

    /// <summary>Looked up when needed (a failure, a span, a metric someone listens to), not per delivery.</summary>
    public string HandlerName => HandlerNames.Of(handler);

    /// <summary>Whether a final failure dead-letters the delivery itself, rather than a copy aimed at this handler.</summary>
    public bool WholeDelivery { get; } = wholeDelivery;

    /// <summary>Calls the handler through its middleware; an exception thrown at once comes back as a faulted task, like a later one.</summary>
    public ValueTask Start(CancellationToken cancellationToken)
    {
        try
        {
            return middleware.Length == 0
                ? InvokeHandler(cancellationToken)
                : new MiddlewareChain<THandler, TMessage>(this, cancellationToken).NextAsync();
        }
        catch (Exception exception)
        {
            return ValueTask.FromException(exception);
        }
    }

    /// <summary>The handler itself, without middleware.</summary>
    public ValueTask InvokeHandler(CancellationToken cancellationToken) => invoke(handler, message, Context, cancellationToken);
}
