using Cqrs.Diagnostics;
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
            var handlerName = handler.GetType().FullName!;
            if (message.TargetHandler is not null && message.TargetHandler != handlerName)
            {
                continue;
            }

            var outcome = await InvokeAsync(pipeline, message, @event, handler, handlerName, context, wholeDelivery, cancellationToken)
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

    private async ValueTask<Disposition> InvokeAsync(
        MessagePipeline pipeline,
        TransportMessage message,
        T @event,
        IEventHandler<T> handler,
        string handlerName,
        MessageContext context,
        bool wholeDelivery,
        CancellationToken cancellationToken)
    {
        using var activity = CqrsTelemetry.StartReceive(this, message, handlerName, pipeline.TransportName);
        for (var attempt = 0; ; attempt++)
        {
            var started = CqrsTelemetry.Now();
            try
            {
                await handler.HandleAsync(@event, context, cancellationToken).ConfigureAwait(false);
                pipeline.Telemetry.RecordHandled(this, handlerName, started);
                return Disposition.Complete;
            }
            catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
            {
                return Disposition.Abandon;
            }
            catch (Exception exception)
            {
                pipeline.RecordFailure(this, message, handlerName, exception, activity);
                if (attempt >= pipeline.ImmediateRetries)
                {
                    return await pipeline.RetryLaterOrDeadLetterAsync(message, handlerName, exception, wholeDelivery, cancellationToken)
                        .ConfigureAwait(false);
                }
            }
        }
    }
}
