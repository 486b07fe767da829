using Cqrs.Serialization;
using Cqrs.Transports;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Pipeline;

/// <summary>Receives a command: read, validate, then its one handler, with retries.</summary>
internal sealed class CommandDescriptor<T>(string wireName, IMessagePackCodec<T> codec)
    : MessageDescriptor<T>(wireName, MessageKind.Command, codec)
    where T : ICommand
{
    private ICommandHandler<T>? _singleton;

    public override ValueTask<Disposition> ReceiveAsync(MessagePipeline pipeline, TransportMessage message, CancellationToken cancellationToken)
    {
        pipeline.Telemetry.RecordLag(this, message);
        if (!TryRead(message, out var command, out var rejection))
        {
            return ValueTask.FromResult(rejection);
        }

        return _singleton is not null
            ? InvokeAsync(pipeline, message, command, _singleton, cancellationToken)
            : InvokeScopedAsync(pipeline, message, command, cancellationToken);
    }

    protected override void BindServices(IServiceProvider services, bool singletonHandlers)
    {
        base.BindServices(services, singletonHandlers);
        if (singletonHandlers)
        {
            _singleton = services.GetService<ICommandHandler<T>>();
        }
    }

    private async ValueTask<Disposition> InvokeScopedAsync(MessagePipeline pipeline, TransportMessage message, T command, CancellationToken cancellationToken)
    {
        var scope = pipeline.Services.CreateAsyncScope();
        await using (scope.ConfigureAwait(false))
        {
            var handler = scope.ServiceProvider.GetService<ICommandHandler<T>>();
            return handler is null
                ? Disposition.DeadLetter(DeadLetterReasons.NoHandler, $"No handler for {WireName} is registered in this process.")
                : await InvokeAsync(pipeline, message, command, handler, cancellationToken).ConfigureAwait(false);
        }
    }

    private ValueTask<Disposition> InvokeAsync(
        MessagePipeline pipeline, TransportMessage message, T command, ICommandHandler<T> handler, CancellationToken cancellationToken) =>
        InvokeWithRetriesAsync(
            pipeline,
            new MessageContext(pipeline, message),
            handler,
            command,
            static (handler, command, context, cancellationToken) => handler.HandleAsync(command, context, cancellationToken),
            wholeDelivery: true,
            cancellationToken);
}
