namespace Cqrs;

/// <summary>Answers one query type, in-process.</summary>
/// <typeparam name="TQuery">The query answered.</typeparam>
/// <typeparam name="TResult">The answer.</typeparam>
public interface IQueryHandler<in TQuery, TResult>
    where TQuery : IQuery<TResult>
{
    /// <summary>Answers the query.</summary>
    ValueTask<TResult> HandleAsync(TQuery query, CancellationToken cancellationToken);
}
