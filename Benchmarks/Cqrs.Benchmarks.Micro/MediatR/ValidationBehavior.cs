using Cqrs.Benchmarks.Micro.Validation;
using MediatR;

namespace Cqrs.Benchmarks.Micro.MediatR;

/// <summary>The pipeline behaviour MediatR's users write for FluentValidation: the request validated before its handler.</summary>
internal sealed class ValidationBehavior<TRequest, TResponse>(MessageValidation<TRequest> validation) : IPipelineBehavior<TRequest, TResponse>
{
    public async Task<TResponse> Handle(TRequest request, CancellationToken cancellationToken, RequestHandlerDelegate<TResponse> next)
    {
        await validation.ThrowIfInvalidAsync(request, cancellationToken).ConfigureAwait(false);
        return await next().ConfigureAwait(false);
    }
}
