using Cqrs.Transports;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Pipeline;

/// <summary>
/// Hands deliveries to their invokers, which read, validate and handle them: a transport's, found by wire name,
/// and those that direct dispatch hands over in the sender's call. Says how each is settled, and settles those handled
/// in line. Binds the container's messages when it is built. Thread-safe; one per container.
/// </summary>
internal sealed class MessageDispatcher
{
    private readonly MessageCatalog _catalog;
    private readonly DeliverySettlement _settlement;

    /// <summary>Binds <paramref name="catalog"/>: its validators, and its handlers when they are singletons, are resolved here.</summary>
    public MessageDispatcher(MessageCatalog catalog, HandlingServices handling, DeliverySettlement settlement, ServiceLifetime handlerLifetime)
    {
        _catalog = catalog;
        _settlement = settlement;
        catalog.Bind(handling, handlerLifetime);
    }

    /// <summary>
    /// Finds the type by wire name and receives through its invoker; counts and logs a dead-letter decision. Never
    /// throws; completes synchronously when the handlers do.
    /// </summary>
    public ValueTask<Disposition> ReceiveAsync(DeliveryContext context, CancellationToken cancellationToken)
    {
        var received = ReceiveUnsettled(_catalog.TryGetInvoker(context.WireName, out var invoker) ? invoker : null, context, cancellationToken);
        return received.IsCompletedSuccessfully
            ? ValueTask.FromResult(_settlement.Counted(context, received.Result))
            : _settlement.CountedOnceReceivedAsync(received, context);
    }

    /// <summary>
    /// Direct dispatch: the handlers run now, on the sender's call, as a mediator would. What the transport would
    /// do after handling it still does: dead-letter it, or settle its stored delivery.
    /// </summary>
    public ValueTask DispatchInlineAsync(MessageInvoker invoker, DeliveryContext context, CancellationToken cancellationToken)
    {
        var message = context.Delivery;
        message.DeliveryCount = 1;
        var settling = _settlement.SettleInline(ReceiveUnsettled(invoker, context, cancellationToken), context, cancellationToken);
        return message.Stored is { } stored ? DeliverySettlement.SettleStoredAsync(settling, stored) : settling;
    }

    /// <summary>
    /// Direct dispatch with no span to record: the message object goes to its handlers as it is, with no transport
    /// message, no lookup by wire name and no cast; then as <see cref="DispatchInlineAsync"/>. It records no lag:
    /// handling starts in the sender's call.
    /// </summary>
    public ValueTask HandleInLineAsync<T>(MessageInvoker<T> invoker, InlineDelivery delivery, T message, CancellationToken cancellationToken)
    {
        var handling = invoker.HandleAsync(delivery, message, cancellationToken);
        ClockReadings.Forget();
        return _settlement.SettleInline(handling, delivery, cancellationToken);
    }

    /// <summary>Receives through the invoker; what it throws at once comes back as a dead-letter decision.</summary>
    private static ValueTask<Disposition> ReceiveUnsettled(MessageInvoker? invoker, DeliveryContext context, CancellationToken cancellationToken)
    {
        try
        {
            return invoker is not null
                ? invoker.ReceiveAsync(context, cancellationToken)
                : ValueTask.FromResult(Disposition.DeadLetter(DeadLetterReasons.UnknownMessageType, $"No message type is registered under the wire name '{context.WireName}'."));
        }
        catch (Exception exception)
        {
            return ValueTask.FromResult(DeliverySettlement.ProcessingFailed(exception));
        }
        finally
        {
            ClockReadings.Forget();
        }
    }
}
