using Cqrs.Benchmarks.Micro.Validation;
using MediatR;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Benchmarks.Micro.MediatR;

/// <summary>
/// MediatR with its notifications validated on publish. Pipeline behaviours wrap requests only, and MediatR 5.1 has
/// no notification publisher to replace (its <c>PublishCore</c> sees the handlers, not the notification), so users
/// who validate events do it in the publish path: here a decorator of <see cref="IMediator"/>, which validates each
/// notification once before its handlers run, as our bus validates an event once at publish.
/// </summary>
internal sealed class ValidatingMediator(IMediator inner, IServiceProvider services) : IMediator
{
    public Task<TResponse> Send<TResponse>(IRequest<TResponse> request, CancellationToken cancellationToken = default) =>
        inner.Send(request, cancellationToken);

    public async Task Publish<TNotification>(TNotification notification, CancellationToken cancellationToken = default)
        where TNotification : INotification
    {
        await services.GetRequiredService<MessageValidation<TNotification>>().ThrowIfInvalidAsync(notification, cancellationToken).ConfigureAwait(false);
        await inner.Publish(notification, cancellationToken).ConfigureAwait(false);
    }
}
