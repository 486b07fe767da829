namespace Cqrs.Tests.Domain.Wrapping;

/// <summary>Counts the queries of every type asked through it, in <see cref="MiddlewareLog"/>.</summary>
public sealed class CountingQueryMiddleware<TQuery, TResult>(MiddlewareLog log) : IQueryMiddleware<TQuery, TResult>
    where TQuery : IQuery<TResult>
{
    public ValueTask<TResult> InvokeAsync(TQuery query, Func<ValueTask<TResult>> next, CancellationToken cancellationToken)
    {
        log.Add(new MiddlewareCall("counting", "before", typeof(TQuery), query));
        return next();
    }
}
