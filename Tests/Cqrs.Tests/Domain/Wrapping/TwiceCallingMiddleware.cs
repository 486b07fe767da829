namespace Cqrs.Tests.Domain.Wrapping;

/// <summary>Calls its next step twice, which the chain refuses.</summary>
public sealed class TwiceCallingMiddleware<TMessage> : IHandlerMiddleware<TMessage>
{
    public async ValueTask InvokeAsync(TMessage message, IMessageContext context, Type handler, Func<ValueTask> next, CancellationToken cancellationToken)
    {
        await next();
        await next();
    }
}
