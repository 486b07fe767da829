using Cqrs.Transports;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Pipeline;

/// <summary>Hands a received command to its one handler, with retries.</summary>
/// <param name="descriptor">What the command type is.</param>
/// <param name="handling">What the container's deliveries are handled with.</param>
/// <param name="middleware">The middleware around the handler.</param>
/// <param name="handlerIn">Makes the handler from a scope; gives null when none runs in this process.</param>
/// <param name="singleton">The handler, resolved once, when handlers are singletons; null when each delivery's scope makes it.</param>
internal sealed class CommandInvoker<T>(
    MessageDescriptor<T> descriptor,
    HandlingServices handling,
    LifetimeServices<IHandlerMiddleware<T>> middleware,
    Func<IServiceProvider, ICommandHandler<T>?> handlerIn,
    ICommandHandler<T>? singleton)
    : MessageInvoker<T>(descriptor, handling, middleware)
    where T : ICommand
{
    private readonly ICommandHandler<T>? _singleton = singleton;
    private readonly HandlerSends? _singletonSends = singleton is null ? null : new HandlerSends(HandlerNames.Of(singleton));

    public override ValueTask<Disposition> HandleAsync(MessageContext context, T command, CancellationToken cancellationToken) =>
        _singleton is not null
            ? InvokeAsync(context, command, _singleton, _singletonSends!, Middleware.Singletons, cancellationToken)
            : InvokeScopedAsync(context, command, cancellationToken);

    private async ValueTask<Disposition> InvokeScopedAsync(MessageContext context, T command, CancellationToken cancellationToken)
    {
        _ = ClockReadings.Take(context); // the time a scope takes to make its handlers is not the first handler's
        var scope = Handling.Services.CreateAsyncScope();
        await using (scope.ConfigureAwait(false))
        {
            var handler = handlerIn(scope.ServiceProvider);
            return handler is null
                ? Disposition.DeadLetter(DeadLetterReasons.NoHandler, $"No handler for {Descriptor.WireName} runs in this process.")
                : await InvokeAsync(context, command, handler, SendsOf(handler), Middleware.In(scope.ServiceProvider), cancellationToken).ConfigureAwait(false);
        }
    }

    private ValueTask<Disposition> InvokeAsync(
        MessageContext context,
        T command,
        ICommandHandler<T> handler,
        HandlerSends sends,
        IHandlerMiddleware<T>[] middleware,
        CancellationToken cancellationToken) =>
        InvokeWithRetriesAsync(
            context,
            handler,
            sends,
            command,
            static (handler, command, context, cancellationToken) => handler.HandleAsync(command, context, cancellationToken),
            middleware,
            wholeDelivery: true,
            cancellationToken);
}
