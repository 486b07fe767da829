using Cqrs;

namespace Sample.Domain.Deliveries;

/// <summary>Keeps <see cref="DeliveryBoard"/> up to date with every step of each delivery, and its saga's outcome.</summary>
public sealed class DeliveryBoardProjection(DeliveryBoard board) :
    IEventHandler<DeliveryRequested>,
    IEventHandler<DeliveryScheduled>,
    IEventHandler<DroneAssigned>,
    IEventHandler<DeliveryPackaged>,
    IEventHandler<DeliveryCompleted>,
    IEventHandler<DeliveryOverdue>
{
    public ValueTask HandleAsync(DeliveryRequested @event, IMessageContext context, CancellationToken cancellationToken) =>
        Update(@event.DeliveryId, status => status with { Requested = true });

    public ValueTask HandleAsync(DeliveryScheduled @event, IMessageContext context, CancellationToken cancellationToken) =>
        Update(@event.DeliveryId, status => status with { Departure = @event.Departure });

    public ValueTask HandleAsync(DroneAssigned @event, IMessageContext context, CancellationToken cancellationToken) =>
        Update(@event.DeliveryId, status => status with { DroneId = @event.DroneId });

    public ValueTask HandleAsync(DeliveryPackaged @event, IMessageContext context, CancellationToken cancellationToken) =>
        Update(@event.DeliveryId, status => status with { PackageSize = @event.PackageSize });

    public ValueTask HandleAsync(DeliveryCompleted @event, IMessageContext context, CancellationToken cancellationToken) =>
        Update(@event.DeliveryId, status => status with { Outcome = DeliveryStatus.Completed, Dispatched = true });

    public ValueTask HandleAsync(DeliveryOverdue @event, IMessageContext context, CancellationToken cancellationToken) =>
        Update(@event.DeliveryId, status => status with { Outcome = DeliveryStatus.Overdue, Dispatched = @event.Dispatched });

    private ValueTask Update(string deliveryId, Func<DeliveryStatus, DeliveryStatus> change)
    {
        board.Update(deliveryId, change);
        return ValueTask.CompletedTask;
    }
}

/// <summary>Answers where a delivery stands from the board.</summary>
public sealed class GetDeliveryStatusHandler(DeliveryBoard board) : IQueryHandler<GetDeliveryStatus, DeliveryStatus>
{
    public ValueTask<DeliveryStatus> HandleAsync(GetDeliveryStatus query, CancellationToken cancellationToken) =>
        ValueTask.FromResult(board.Get(query.DeliveryId));
}
