using Cqrs.Testing.Domain.Probes;

namespace Cqrs.Tests.Domain.Wrapping;

/// <summary>A retry of its own: when the rest of the chain fails on purpose, calls it once more.</summary>
public sealed class RetryOnceMiddleware<TMessage> : IHandlerMiddleware<TMessage>
{
    public async ValueTask InvokeAsync(TMessage message, IMessageContext context, Type handler, Func<ValueTask> next, CancellationToken cancellationToken)
    {
        try
        {
            await next();
        }
        catch (InjectedFailureException)
        {
            await next();
        }
    }
}
