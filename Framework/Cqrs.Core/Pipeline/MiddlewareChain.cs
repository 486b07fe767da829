namespace Cqrs.Pipeline;

/// <summary>One handler call through its middleware: each step in calls the next middleware, the last the handler.</summary>
internal sealed class MiddlewareChain<THandler, TMessage>
    where THandler : class
{
    private readonly HandlerAttempt<THandler, TMessage> _attempt;
    private readonly CancellationToken _cancellationToken;
    private readonly Func<ValueTask> _next;
    private int _index;

    public MiddlewareChain(HandlerAttempt<THandler, TMessage> attempt, CancellationToken cancellationToken)
    {
        _attempt = attempt;
        _cancellationToken = cancellationToken;
        _next = NextAsync;
    }

    /// <exception cref="InvalidOperationException">A middleware called its next step twice.</exception>
    public ValueTask NextAsync()
    {
        var middleware = _attempt.Middleware;
        var index = _index++;
        if (index > middleware.Length)
        {
            throw new InvalidOperationException($"A middleware around {_attempt.Handler.GetType()} called its next step more than once.");
        }

        return index < middleware.Length
            ? middleware[index].InvokeAsync(_attempt.Message, _attempt.Context, _attempt.Handler.GetType(), _next, _cancellationToken)
            : _attempt.InvokeHandler(_cancellationToken);
    }
}
