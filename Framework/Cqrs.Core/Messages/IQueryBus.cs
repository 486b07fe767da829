namespace Cqrs;

/// <summary>Answers queries in-process. Thread-safe.</summary>
public interface IQueryBus
{
    /// <summary>Validates the query and returns its handler's answer.</summary>
    /// <exception cref="FluentValidation.ValidationException">The query is invalid.</exception>
    /// <exception cref="InvalidOperationException">No handler answers this query type.</exception>
    ValueTask<TResult> AskAsync<TResult>(IQuery<TResult> query, CancellationToken cancellationToken = default);
}
