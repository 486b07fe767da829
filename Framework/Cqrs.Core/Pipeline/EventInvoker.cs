using Cqrs.Transports;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Pipeline;

/// <summary>
/// Hands a received event to every handler in turn. A handler that fails is retried on its own
/// (a redelivery aimed at it alone), so the others neither stop nor run twice.
/// </summary>
/// <param name="descriptor">What the event type is.</param>
/// <param name="handling">What the container's deliveries are handled with.</param>
/// <param name="middleware">The middleware around each handler.</param>
/// <param name="handlersIn">Makes, from a scope, the handlers that run in this process.</param>
/// <param name="singletons">The handlers, resolved once, when handlers are singletons; null when each delivery's scope makes them.</param>
internal sealed class EventInvoker<T>(
    MessageDescriptor<T> descriptor,
    HandlingServices handling,
    LifetimeServices<IHandlerMiddleware<T>> middleware,
    Func<IServiceProvider, IEventHandler<T>[]> handlersIn,
    IEventHandler<T>[]? singletons)
    : MessageInvoker<T>(descriptor, handling, middleware)
    where T : IEvent
{
    private readonly IEventHandler<T>[]? _singletons = singletons;
    private readonly HandlerSends[]? _singletonSends = singletons?.Select(handler => new HandlerSends(HandlerNames.Of(handler))).ToArray();

    public override ValueTask<Disposition> HandleAsync(MessageContext context, T @event, CancellationToken cancellationToken) =>
        _singletons is not null
            ? InvokeAllAsync(context, @event, _singletons, _singletonSends, Middleware.Singletons, cancellationToken)
            : InvokeScopedAsync(context, @event, cancellationToken);

    private async ValueTask<Disposition> InvokeScopedAsync(MessageContext context, T @event, CancellationToken cancellationToken)
    {
        _ = ClockReadings.Take(context); // the time a scope takes to make its handlers is not the first handler's
        var scope = Handling.Services.CreateAsyncScope();
        await using (scope.ConfigureAwait(false))
        {
            return await InvokeAllAsync(context, @event, handlersIn(scope.ServiceProvider), sends: null, Middleware.In(scope.ServiceProvider), cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>
    /// Calls each handler in turn. While they complete at once, no async state machine is needed; from the
    /// first that does not (or fails), <see cref="InvokeRestAsync"/> goes on. <paramref name="sends"/> are the handlers'
    /// sends, index for index, when they are singletons; null for handlers a scope made.
    /// </summary>
    private ValueTask<Disposition> InvokeAllAsync(
        MessageContext context,
        T @event,
        IEventHandler<T>[] handlers,
        HandlerSends[]? sends,
        IHandlerMiddleware<T>[] middleware,
        CancellationToken cancellationToken)
    {
        for (var index = NextHandler(context, handlers, 0); index < handlers.Length; index = NextHandler(context, handlers, index + 1))
        {
            var invoking = InvokeOneAsync(context, handlers, sends, middleware, index, @event, cancellationToken);
            if (!invoking.IsCompletedSuccessfully)
            {
                return InvokeRestAsync(context, handlers, sends, middleware, index, invoking, @event, cancellationToken);
            }

            var outcome = invoking.Result;
            if (outcome.Kind != DispositionKind.Complete)
            {
                return InvokeRestAsync(context, handlers, sends, middleware, index, ValueTask.FromResult(outcome), @event, cancellationToken);
            }
        }

        return ValueTask.FromResult(Disposition.Complete);
    }

    /// <summary>
    /// Calls the handlers from <paramref name="index"/> on. A cancelled handler stops none of the others: when some
    /// handled the event, the delivery is abandoned for the cancelled ones alone, so none that finished runs again.
    /// </summary>
    private async ValueTask<Disposition> InvokeRestAsync(
        MessageContext context,
        IEventHandler<T>[] handlers,
        HandlerSends[]? sends,
        IHandlerMiddleware<T>[] middleware,
        int index,
        ValueTask<Disposition> invoking,
        T @event,
        CancellationToken cancellationToken)
    {
        var disposition = Disposition.Complete;
        List<string>? cancelled = null;
        // The handlers before the first that did not complete at once (see InvokeAllAsync) finished.
        var finished = index > NextHandler(context, handlers, 0);
        while (true)
        {
            var outcome = await invoking.ConfigureAwait(false);
            if (outcome.Kind == DispositionKind.Abandon)
            {
                (cancelled ??= []).Add(HandlerNames.Of(handlers[index]));
            }
            else
            {
                finished = true;
                if (outcome.Kind != DispositionKind.Complete)
                {
                    disposition = outcome;
                }
            }

            index = NextHandler(context, handlers, index + 1);
            if (index == handlers.Length)
            {
                break;
            }

            invoking = InvokeOneAsync(context, handlers, sends, middleware, index, @event, cancellationToken);
        }

        if (cancelled is null)
        {
            return disposition;
        }

        return finished ? Disposition.AbandonFor(cancelled) : Disposition.Abandon;
    }

    private ValueTask<Disposition> InvokeOneAsync(
        MessageContext context,
        IEventHandler<T>[] handlers,
        HandlerSends[]? sends,
        IHandlerMiddleware<T>[] middleware,
        int index,
        T @event,
        CancellationToken cancellationToken) =>
        InvokeWithRetriesAsync(
            context,
            handlers[index],
            sends?[index] ?? SendsOf(handlers[index]),
            @event,
            static (handler, @event, context, cancellationToken) => handler.HandleAsync(@event, context, cancellationToken),
            middleware,
            wholeDelivery: context.TargetHandler is not null || handlers.Length == 1,
            cancellationToken);

    /// <summary>The index of the next handler to call from <paramref name="index"/> on: a retry copy aimed at one handler skips the others.</summary>
    private static int NextHandler(MessageContext context, IEventHandler<T>[] handlers, int index)
    {
        while (index < handlers.Length && context.TargetHandler is not null && context.TargetHandler != HandlerNames.Of(handlers[index]))
        {
            index++;
        }

        return index;
    }
}
