using System.Diagnostics;
using Cqrs.Diagnostics;
using FluentValidation;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Pipeline;

/// <summary>A query type of one container: validated, then answered in-process by its one handler, through its middleware.</summary>
internal abstract class QueryDescriptor
{
}

internal abstract class QueryDescriptor<TResult> : QueryDescriptor
{
    /// <exception cref="ValidationException">The query is invalid: with every failure of every validator.</exception>
    public abstract ValueTask<TResult> AskAsync(IServiceProvider services, IQuery<TResult> query, CancellationToken cancellationToken);
}

/// <summary>Validators and middleware resolved from <paramref name="container"/> with the handlers' lifetime.</summary>
internal sealed class QueryDescriptor<TQuery, TResult>(IServiceProvider container, bool singletonHandlers) : QueryDescriptor<TResult>
    where TQuery : IQuery<TResult>
{
    private static readonly string Name = typeof(TQuery).Name;
    private static readonly string SpanName = "query " + Name;

    private readonly MessageValidators<TQuery> _validators = MessageValidators<TQuery>.From(container, singletonHandlers);

    private readonly LifetimeServices<IQueryMiddleware<TQuery, TResult>> _middleware = LifetimeServices<IQueryMiddleware<TQuery, TResult>>.From(container, singletonHandlers);

    public override async ValueTask<TResult> AskAsync(IServiceProvider services, IQuery<TResult> query, CancellationToken cancellationToken)
    {
        var typed = (TQuery)query;
        MessageValidators<TQuery>.ThrowIfAny(Name, await _validators.ValidateAsync(typed, cancellationToken).ConfigureAwait(false));

        using var activity = CqrsTelemetry.Source.StartActivity(SpanName, ActivityKind.Internal);
        var handler = services.GetRequiredService<IQueryHandler<TQuery, TResult>>();
        return await Through(_middleware.In(services), 0, handler, typed, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>The middleware from <paramref name="index"/> on, then the handler.</summary>
    private static ValueTask<TResult> Through(
        IQueryMiddleware<TQuery, TResult>[] middleware, int index, IQueryHandler<TQuery, TResult> handler, TQuery query, CancellationToken cancellationToken) =>
        index < middleware.Length
            ? Step(middleware, index, handler, query, cancellationToken)
            : handler.HandleAsync(query, cancellationToken);

    private static ValueTask<TResult> Step(
        IQueryMiddleware<TQuery, TResult>[] middleware, int index, IQueryHandler<TQuery, TResult> handler, TQuery query, CancellationToken cancellationToken) =>
        middleware[index].InvokeAsync(query, () => Through(middleware, index + 1, handler, query, cancellationToken), cancellationToken);
}
