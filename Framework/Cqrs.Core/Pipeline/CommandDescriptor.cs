using Cqrs.Serialization;
using Cqrs.Transports;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Pipeline;

/// <summary>Hands a received command to its one handler, with retries.</summary>
internal sealed class CommandDescriptor<T>(string wireName, IMessagePackCodec<T> codec)
    : MessageDescriptor<T>(wireName, MessageKind.Command, codec)
    where T : ICommand
{
    private ICommandHandler<T>? _singleton;

    public override MessageDescriptor CopyUnbound() => new CommandDescriptor<T>(WireName, Codec);

    public override void AcceptCommandVisitor(ICommandTypeVisitor visitor) => visitor.Visit(WireName, Codec);

    public override ValueTask<Disposition> HandleAsync(MessageContext context, T command, CancellationToken cancellationToken) =>
        _singleton is not null
            ? InvokeAsync(context, command, _singleton, Middleware.Singletons, cancellationToken)
            : InvokeScopedAsync(context, command, cancellationToken);

    protected override void BindServices(IServiceProvider services, bool singletonHandlers)
    {
        base.BindServices(services, singletonHandlers);
        if (singletonHandlers)
        {
            _singleton = services.GetService<ICommandHandler<T>>();
        }
    }

    private async ValueTask<Disposition> InvokeScopedAsync(MessageContext context, T command, CancellationToken cancellationToken)
    {
        _ = ClockReadings.Take(context); // the time a scope takes to make its handlers is not the first handler's
        var scope = Handling.Services.CreateAsyncScope();
        await using (scope.ConfigureAwait(false))
        {
            var handler = scope.ServiceProvider.GetService<ICommandHandler<T>>();
            return handler is null
                ? Disposition.DeadLetter(DeadLetterReasons.NoHandler, $"No handler for {WireName} is registered in this process.")
                : await InvokeAsync(context, command, handler, Middleware.In(scope.ServiceProvider), cancellationToken).ConfigureAwait(false);
        }
    }

    private ValueTask<Disposition> InvokeAsync(
        MessageContext context,
        T command,
        ICommandHandler<T> handler,
        IHandlerMiddleware<T>[] middleware,
        CancellationToken cancellationToken) =>
        InvokeWithRetriesAsync(
            context,
            handler,
            command,
            static (handler, command, context, cancellationToken) => handler.HandleAsync(command, context, cancellationToken),
            middleware,
            wholeDelivery: true,
            cancellationToken);
}
