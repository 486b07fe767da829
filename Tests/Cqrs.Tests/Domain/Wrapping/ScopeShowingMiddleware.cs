using Cqrs.Tests.Domain.Probes;

namespace Cqrs.Tests.Domain.Wrapping;

/// <summary>Shows which scope it was resolved from.</summary>
public sealed class ScopeShowingMiddleware<TMessage>(DeliveryScope scope, MiddlewareLog log) : IHandlerMiddleware<TMessage>
{
    public ValueTask InvokeAsync(TMessage message, IMessageContext context, Type handler, Func<ValueTask> next, CancellationToken cancellationToken)
    {
        log.Add(new MiddlewareCall("scope", "before", handler, message!, scope.Id));
        return next();
    }
}
