namespace Cqrs;

/// <summary>
/// Runs around every call of the handler of <typeparamref name="TQuery"/>: caching, logging, authorization. Registered
/// and ordered as <see cref="IHandlerMiddleware{TMessage}"/> is: an open generic type
/// (<c>services.AddSingleton(typeof(IQueryMiddleware&lt;,&gt;), typeof(MyMiddleware&lt;,&gt;))</c>) wraps every query,
/// a closed one one query type; the first registered is outermost. It runs after the query is validated.
/// </summary>
/// <typeparam name="TQuery">The query whose handler it wraps.</typeparam>
/// <typeparam name="TResult">The query's answer.</typeparam>
public interface IQueryMiddleware<in TQuery, TResult>
    where TQuery : IQuery<TResult>
{
    /// <summary>Wraps one call of the query's handler.</summary>
    /// <param name="query">The query asked.</param>
    /// <param name="next">Calls the next middleware, or the handler: not at all to answer without it.</param>
    /// <param name="cancellationToken">The caller's cancellation token.</param>
    ValueTask<TResult> InvokeAsync(TQuery query, Func<ValueTask<TResult>> next, CancellationToken cancellationToken);
}
