using Cqrs;
using Microsoft.Extensions.Options;

namespace Sample.Domain.Deliveries;

/// <summary>Accepts a request, due <see cref="DeliveryOptions.Deadline"/> after it: the rest of the flow follows from the event.</summary>
public sealed class RequestDeliveryHandler(IOptions<DeliveryOptions> options) : ICommandHandler<RequestDelivery>
{
    public ValueTask HandleAsync(RequestDelivery command, IMessageContext context, CancellationToken cancellationToken) =>
        context.PublishAsync(
            new DeliveryRequested(command.DeliveryId, command.Destination, command.WeightGrams, context.EnqueuedTime + options.Value.Deadline),
            cancellationToken);
}

/// <summary>Books the next departure slot, on the quarter hour at least ten minutes after the request.</summary>
public sealed class ScheduleDelivery : IEventHandler<DeliveryRequested>
{
    private static readonly TimeSpan Slot = TimeSpan.FromMinutes(15);

    public ValueTask HandleAsync(DeliveryRequested @event, IMessageContext context, CancellationToken cancellationToken)
    {
        var earliest = context.EnqueuedTime + TimeSpan.FromMinutes(10);
        var departure = new DateTimeOffset((earliest.UtcTicks + Slot.Ticks - 1) / Slot.Ticks * Slot.Ticks, TimeSpan.Zero);
        return context.PublishAsync(new DeliveryScheduled(@event.DeliveryId, departure, @event.WeightGrams), cancellationToken);
    }
}

/// <summary>Packs the parcel in the smallest box that holds its weight.</summary>
public sealed class PackageDelivery : IEventHandler<DeliveryRequested>
{
    public ValueTask HandleAsync(DeliveryRequested @event, IMessageContext context, CancellationToken cancellationToken) =>
        context.PublishAsync(
            new DeliveryPackaged(@event.DeliveryId, @event.WeightGrams <= 1_000 ? "small" : @event.WeightGrams <= 3_000 ? "medium" : "large"),
            cancellationToken);
}

/// <summary>Assigns a drone able to lift the parcel once the departure is known.</summary>
public sealed class AssignDrone : IEventHandler<DeliveryScheduled>
{
    public ValueTask HandleAsync(DeliveryScheduled @event, IMessageContext context, CancellationToken cancellationToken) =>
        context.PublishAsync(new DroneAssigned(@event.DeliveryId, @event.WeightGrams <= 2_000 ? "light-07" : "heavy-02"), cancellationToken);
}
