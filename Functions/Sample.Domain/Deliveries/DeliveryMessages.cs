using Cqrs;
using Cqrs.EventSourcing;
using FluentValidation;

namespace Sample.Domain.Deliveries;

/// <summary>A customer asks for a parcel to be flown to them.</summary>
[WireName("drones.v1.request-delivery")]
[PublicCommand]
public sealed record RequestDelivery(
    [property: Key(0)] string DeliveryId,
    [property: Key(1)] string Destination,
    [property: Key(2)] int WeightGrams) : ICommand;

/// <summary>A delivery was accepted, to be dropped off by <see cref="DueBy"/> (its deadline).</summary>
[WireName("drones.v1.delivery-requested")]
public sealed record DeliveryRequested(
    [property: Key(0), SagaId] string DeliveryId,
    [property: Key(1)] string Destination,
    [property: Key(2)] int WeightGrams,
    [property: Key(3)] DateTimeOffset DueBy) : IEvent;

[WireName("drones.v1.delivery-scheduled")]
public sealed record DeliveryScheduled(
    [property: Key(0), SagaId] string DeliveryId,
    [property: Key(1)] DateTimeOffset Departure,
    [property: Key(2)] int WeightGrams) : IEvent;

[WireName("drones.v1.drone-assigned")]
public sealed record DroneAssigned([property: Key(0), SagaId] string DeliveryId, [property: Key(1)] string DroneId) : IEvent;

[WireName("drones.v1.delivery-packaged")]
public sealed record DeliveryPackaged([property: Key(0), SagaId] string DeliveryId, [property: Key(1)] string PackageSize) : IEvent;

/// <summary>The drone reports the parcel dropped off at its destination.</summary>
[WireName("drones.v1.confirm-drop-off")]
[PublicCommand]
public sealed record ConfirmDropOff([property: Key(0), SagaId] string DeliveryId) : ICommand;

/// <summary>
/// The delivery saga's deadline: a timeout it requests of itself, due when the request says. Never public: a caller
/// who could send it would end a delivery at once.
/// </summary>
[WireName("drones.v1.delivery-deadline")]
public sealed record DeliveryDeadline([property: Key(0), SagaId] string DeliveryId) : ICommand;

[WireName("drones.v1.delivery-completed")]
public sealed record DeliveryCompleted([property: Key(0)] string DeliveryId, [property: Key(1)] string DroneId) : IEvent;

/// <summary>The deadline passed before the parcel was dropped off.</summary>
[WireName("drones.v1.delivery-overdue")]
public sealed record DeliveryOverdue([property: Key(0)] string DeliveryId, [property: Key(1)] bool Dispatched) : IEvent;

/// <summary>Where a delivery stands, as the delivery board shows it.</summary>
public sealed record GetDeliveryStatus(string DeliveryId) : IQuery<DeliveryStatus>;

public sealed class RequestDeliveryValidator : AbstractValidator<RequestDelivery>
{
    /// <summary>The heaviest parcel a drone of the fleet lifts.</summary>
    public const int MaxWeightGrams = 5_000;

    public RequestDeliveryValidator()
    {
        RuleFor(command => command.DeliveryId).NotEmpty().MaximumLength(64);
        RuleFor(command => command.Destination).NotEmpty().MaximumLength(200);
        RuleFor(command => command.WeightGrams).InclusiveBetween(1, MaxWeightGrams);
    }
}
