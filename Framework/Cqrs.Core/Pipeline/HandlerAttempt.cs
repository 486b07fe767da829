namespace Cqrs.Pipeline;

/// <summary>One handler's invocation for one delivery, started again for each retry.</summary>
internal readonly struct HandlerAttempt<THandler, TMessage>(
    MessagePipeline pipeline,
    MessageContext context,
    THandler handler,
    TMessage message,
    Func<THandler, TMessage, IMessageContext, CancellationToken, ValueTask> invoke,
    bool wholeDelivery)
    where THandler : class
{
    public MessagePipeline Pipeline { get; } = pipeline;

    public MessageContext Context { get; } = context;

    public THandler Handler => handler;

    /// <summary>Looked up when needed (a failure, a span, a metric someone listens to), not per delivery.</summary>
    public string HandlerName => HandlerNames.Of(handler);

    /// <summary>Whether a final failure dead-letters the delivery itself, rather than a copy aimed at this handler.</summary>
    public bool WholeDelivery { get; } = wholeDelivery;

    /// <summary>Calls the handler; an exception it throws at once comes back as a faulted task, like a later one.</summary>
    public ValueTask Start(CancellationToken cancellationToken)
    {
        try
        {
            return invoke(handler, message, Context, cancellationToken);
        }
        catch (Exception exception)
        {
            return ValueTask.FromException(exception);
        }
    }
}
