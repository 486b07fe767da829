using Cqrs;
using Cqrs.EventSourcing;

namespace Sample.Domain.Deliveries;

/// <summary>
/// The drone-delivery flow as a saga: it gathers the departure, the drone and the package as their events come (in
/// any order, so any of them may start it), and ends when the drone confirms the drop-off
/// (<see cref="DeliveryCompleted"/>) or, failing that, at its deadline (<see cref="DeliveryOverdue"/>).
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
      ISagaHandles<DeliverySaga, ConfirmDropOff>,
      ISagaTimeout<DeliverySaga, DeliveryDeadline>
{
    /// <summary>How long after its first event a delivery may take before it is overdue.</summary>
    public static readonly TimeSpan Deadline = TimeSpan.FromHours(2);

    public static DeliverySaga Initial { get; } = new(null, null, null);

    /// <summary>True once departure, drone and package are all known: the drone can fly.</summary>
    public bool Dispatched => Departure is not null && DroneId is not null && PackageSize is not null;

    public DeliverySaga Handle(DeliveryRequested message, SagaContext context) => Started(context);

    public DeliverySaga Handle(DeliveryScheduled message, SagaContext context) => Started(context) with { Departure = message.Departure };

    public DeliverySaga Handle(DroneAssigned message, SagaContext context) => Started(context) with { DroneId = message.DroneId };

    public DeliverySaga Handle(DeliveryPackaged message, SagaContext context) => Started(context) with { PackageSize = message.PackageSize };

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

    /// <summary>Whichever event comes first starts the saga, and sets its deadline.</summary>
    private DeliverySaga Started(SagaContext context)
    {
        if (context.IsNew)
        {
            context.RequestTimeout(new DeliveryDeadline(context.SagaId), Deadline);
        }

        return this;
    }
}
