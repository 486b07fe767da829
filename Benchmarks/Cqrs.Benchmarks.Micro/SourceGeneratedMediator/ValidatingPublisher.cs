using Cqrs.Benchmarks.Micro.Validation;
using Mediator;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Benchmarks.Micro.SourceGeneratedMediator;

/// <summary>
/// Mediator's publish path with each notification validated once before its handlers run, as our bus validates an
/// event once at publish. Pipeline behaviours wrap requests only, and Mediator's notification publisher is chosen at
/// compile time for the whole assembly (the unvalidated peer shares it), so the validated peer's command handler
/// publishes through this decorator of <see cref="IPublisher"/> instead.
/// </summary>
internal sealed class ValidatingPublisher(IPublisher inner, IServiceProvider services) : IPublisher
{
    public async ValueTask Publish<TNotification>(TNotification notification, CancellationToken cancellationToken = default)
        where TNotification : INotification
    {
        await services.GetRequiredService<MessageValidation<TNotification>>().ThrowIfInvalidAsync(notification, cancellationToken).ConfigureAwait(false);
        await inner.Publish(notification, cancellationToken).ConfigureAwait(false);
    }

    /// <exception cref="NotSupportedException">Always: the benchmark publishes typed notifications, whose validators are found by type.</exception>
    public ValueTask Publish(object notification, CancellationToken cancellationToken = default) =>
        throw new NotSupportedException("Publish the notification typed, so that its validators are found.");
}
