using Cqrs;
using FluentValidation;

namespace Cqrs.Functions.Tests.Support;

[WireName("tests.v1.ship-parcel")]
public sealed record ShipParcel([property: Key(0)] string ParcelId, [property: Key(1)] int WeightGrams) : ICommand;

[WireName("tests.v1.parcel-shipped")]
public sealed record ParcelShipped([property: Key(0)] string ParcelId) : IEvent;

public sealed class ShipParcelValidator : AbstractValidator<ShipParcel>
{
    public ShipParcelValidator()
    {
        RuleFor(command => command.ParcelId).NotEmpty();
        RuleFor(command => command.WeightGrams).InclusiveBetween(1, 20_000);
    }
}

/// <summary>Hands each shipped parcel to the test waiting for it.</summary>
public sealed class ShipParcelHandler(ShippedParcels shipped) : ICommandHandler<ShipParcel>
{
    public ValueTask HandleAsync(ShipParcel command, IMessageContext context, CancellationToken cancellationToken)
    {
        shipped.Record(command, context);
        return ValueTask.CompletedTask;
    }
}
