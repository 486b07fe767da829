namespace Cqrs.Tests.Domain.Wrapping;

/// <summary>Logs a step before and after the rest of the chain, under its name.</summary>
public abstract class LoggingMiddleware<TMessage>(string name, MiddlewareLog log) : IHandlerMiddleware<TMessage>
{
    public async ValueTask InvokeAsync(TMessage message, IMessageContext context, Type handler, Func<ValueTask> next, CancellationToken cancellationToken)
    {
        log.Add(new MiddlewareCall(name, "before", handler, message!));
        await next();
        log.Add(new MiddlewareCall(name, "after", handler, message!));
    }
}

public sealed class OuterMiddleware<TMessage>(MiddlewareLog log) : LoggingMiddleware<TMessage>("outer", log);

public sealed class InnerMiddleware<TMessage>(MiddlewareLog log) : LoggingMiddleware<TMessage>("inner", log);
