namespace Cqrs;

/// <summary>
/// Runs around every handler call for messages of <typeparamref name="TMessage"/>: logging, authorization, a unit of
/// work. Register it as a service: an open generic type wraps the handlers of every message
/// (<c>services.AddSingleton(typeof(IHandlerMiddleware&lt;&gt;), typeof(MyMiddleware&lt;&gt;))</c>), a closed one those
/// of one type. Several run in the order they were registered, the first outermost. Each is resolved where the
/// handler is: from the delivery's scope when handlers are scoped.
/// </summary>
/// <typeparam name="TMessage">The command or event whose handlers it wraps.</typeparam>
public interface IHandlerMiddleware<in TMessage>
{
    /// <summary>Wraps one call of one handler; a retry calls it again.</summary>
    /// <param name="message">The message being handled.</param>
    /// <param name="context">The handler's context.</param>
    /// <param name="handler">The handler's type (an event has one call per handler).</param>
    /// <param name="next">Calls the next middleware, or the handler: not at all to skip the handler, again to retry.</param>
    /// <param name="cancellationToken">The handler's cancellation token.</param>
    /// <remarks>An exception counts as the handler's failure and is retried, then dead-lettered, the same way.</remarks>
    ValueTask InvokeAsync(TMessage message, IMessageContext context, Type handler, Func<ValueTask> next, CancellationToken cancellationToken);
}
