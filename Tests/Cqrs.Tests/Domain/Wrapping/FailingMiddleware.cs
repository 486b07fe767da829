using Cqrs.Testing.Domain.Probes;

namespace Cqrs.Tests.Domain.Wrapping;

/// <summary>Logs each call, then fails it without calling the handler.</summary>
public sealed class FailingMiddleware<TMessage>(MiddlewareLog log) : IHandlerMiddleware<TMessage>
{
    public ValueTask InvokeAsync(TMessage message, IMessageContext context, Type handler, Func<ValueTask> next, CancellationToken cancellationToken)
    {
        log.Add(new MiddlewareCall("failing", "before", handler, message!));
        throw new InjectedFailureException($"{nameof(FailingMiddleware<>)} refused {handler.Name}.");
    }
}
