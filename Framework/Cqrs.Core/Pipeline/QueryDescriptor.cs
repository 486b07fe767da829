using System.Diagnostics;
using Cqrs.Diagnostics;
using FluentValidation;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Pipeline;

/// <summary>A query type: validated, then answered in-process by its one handler.</summary>
internal abstract class QueryDescriptor(Type queryType)
{
    public Type QueryType { get; } = queryType;

    public abstract void Bind(IServiceProvider services);
}

internal abstract class QueryDescriptor<TResult>(Type queryType) : QueryDescriptor(queryType)
{
    /// <exception cref="ValidationException">The query is invalid: with every failure of every validator.</exception>
    public abstract ValueTask<TResult> AskAsync(IServiceProvider services, IQuery<TResult> query, CancellationToken cancellationToken);
}

internal sealed class QueryDescriptor<TQuery, TResult>() : QueryDescriptor<TResult>(typeof(TQuery))
    where TQuery : IQuery<TResult>
{
    private readonly string _spanName = "query " + typeof(TQuery).Name;
    private MessageValidators<TQuery> _validators = MessageValidators<TQuery>.None;

    public override void Bind(IServiceProvider services) =>
        _validators = new([.. services.GetServices<IValidator<TQuery>>()]);

    public override async ValueTask<TResult> AskAsync(IServiceProvider services, IQuery<TResult> query, CancellationToken cancellationToken)
    {
        var typed = (TQuery)query;
        MessageValidators<TQuery>.ThrowIfAny(typeof(TQuery).Name, await _validators.ValidateAsync(typed, cancellationToken).ConfigureAwait(false));

        using var activity = CqrsTelemetry.Source.StartActivity(_spanName, ActivityKind.Internal);
        var handler = services.GetRequiredService<IQueryHandler<TQuery, TResult>>();
        return await handler.HandleAsync(typed, cancellationToken).ConfigureAwait(false);
    }
}
