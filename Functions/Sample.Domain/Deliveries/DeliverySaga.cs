using Cqrs;
using Cqrs.EventSourcing;

namespace Sample.Domain.Deliveries;

/// <summary>
/// The drone-delivery flow as a saga: it gathers the departure, the drone and the package as their events come (in
/// any order, so any of them may start it), and ends when the drone confirms the drop-off
/// (<see cref="DeliveryCompleted"/>) or, failing that, at its deadline (<see cref="DeliveryOverdue"/>), which the
/// request names (<see cref="DeliveryRequested.DueBy"/>): a saga holds no services, so the app's setting
/// (<see cref="DeliveryOptions.Deadline"/>) comes to it in the message.
/// </summary>
[WireName("drones.v1.delivery-saga")]
public sealed record DeliverySaga(
    [property: Key(0)] DateTimeOffset? Departure,
    [property: Key(1)] string? DroneId,
    [property: Key(2)] string? PackageSize)
    : ISagaStartedBy<DeliverySaga, DeliveryRequested>,
      ISagaStartedBy<DeliverySaga, DeliveryScheduled>,
      ISagaStartedBy<DeliverySaga, DroneAssigned>,
      ISagaStartedBy<DeliverySaga, DeliveryPackaged>,
      ISagaStartedBy<DeliverySaga, ConfirmDropOff>,
      ISagaTimeout<DeliverySaga, DeliveryDeadline>
{
    public static DeliverySaga Initial { get; } = new(null, null, null);

    /// <summary>True once departure, drone and package are all known: the drone can fly.</summary>
    public bool Dispatched => Departure is not null && DroneId is not null && PackageSize is not null;

    /// <summary>The request, whether it starts the saga or comes after another step, sets the deadline.</summary>
    public DeliverySaga Handle(DeliveryRequested message, SagaContext context)
    {
        context.RequestTimeout(new DeliveryDeadline(context.SagaId), message.DueBy);
        return this;
    }

    public DeliverySaga Handle(DeliveryScheduled message, SagaContext context) => this with { Departure = message.Departure };

    public DeliverySaga Handle(DroneAssigned message, SagaContext context) => this with { DroneId = message.DroneId };

    public DeliverySaga Handle(DeliveryPackaged message, SagaContext context) => this with { PackageSize = message.PackageSize };

    /// <summary>
    /// The drone's confirmation travels apart from the flow's events and may overtake them: then it starts the saga
    /// and completes it at once, and the events that come later find it completed.
    /// </summary>
    public DeliverySaga Handle(ConfirmDropOff message, SagaContext context)
    {
        context.Publish(new DeliveryCompleted(context.SagaId, DroneId ?? "unknown"));
        context.Complete();
        return this;
    }

    public DeliverySaga Timeout(DeliveryDeadline timeout, SagaContext context)
    {
        context.Publish(new DeliveryOverdue(context.SagaId, Dispatched));
        context.Complete();
        return this;
    }
}
