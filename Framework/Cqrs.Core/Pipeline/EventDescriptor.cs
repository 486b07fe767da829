using Cqrs.Serialization;
using Cqrs.Transports;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Pipeline;

/// <summary>
/// Receives an event: read, validate, then every handler in turn. A handler that fails is retried on its own
/// (a redelivery aimed at it alone), so the others neither stop nor run twice.
/// </summary>
internal sealed class EventDescriptor<T>(string wireName, IMessagePackCodec<T> codec)
    : MessageDescriptor<T>(wireName, MessageKind.Event, codec)
    where T : IEvent
{
    private IEventHandler<T>[]? _singletons;

    public override ValueTask<Disposition> ReceiveAsync(MessagePipeline pipeline, TransportMessage message, CancellationToken cancellationToken)
    {
        pipeline.Telemetry.RecordLag(this, message);
        if (!TryRead(message, out var @event, out var rejection))
        {
            return ValueTask.FromResult(rejection);
        }

        return _singletons is not null
            ? InvokeAllAsync(pipeline, message, @event, _singletons, cancellationToken)
            : InvokeScopedAsync(pipeline, message, @event, cancellationToken);
    }

    protected override void BindServices(IServiceProvider services, bool singletonHandlers)
    {
        base.BindServices(services, singletonHandlers);
        if (singletonHandlers)
        {
            _singletons = [.. services.GetServices<IEventHandler<T>>()];
        }
    }

    private async ValueTask<Disposition> InvokeScopedAsync(MessagePipeline pipeline, TransportMessage message, T @event, CancellationToken cancellationToken)
    {
        var scope = pipeline.Services.CreateAsyncScope();
        await using (scope.ConfigureAwait(false))
        {
            IEventHandler<T>[] handlers = [.. scope.ServiceProvider.GetServices<IEventHandler<T>>()];
            return await InvokeAllAsync(pipeline, message, @event, handlers, cancellationToken).ConfigureAwait(false);
        }
    }

    private async ValueTask<Disposition> InvokeAllAsync(
        MessagePipeline pipeline, TransportMessage message, T @event, IEventHandler<T>[] handlers, CancellationToken cancellationToken)
    {
        var context = new MessageContext(pipeline, message);
        var wholeDelivery = message.TargetHandler is not null || handlers.Length == 1;
        var disposition = Disposition.Complete;
        foreach (var handler in handlers)
        {
            // A retry copy aimed at one handler skips the others; the name is looked up only then.
            if (message.TargetHandler is not null && message.TargetHandler != HandlerNames.Of(handler))
            {
                continue;
            }

            var outcome = await InvokeWithRetriesAsync(
                    pipeline,
                    context,
                    handler,
                    @event,
                    static (handler, @event, context, cancellationToken) => handler.HandleAsync(@event, context, cancellationToken),
                    wholeDelivery,
                    cancellationToken)
                .ConfigureAwait(false);
            if (outcome.Kind == DispositionKind.Abandon)
            {
                return outcome;
            }

            if (outcome.Kind != DispositionKind.Complete)
            {
                disposition = outcome;
            }
        }

        return disposition;
    }
}
