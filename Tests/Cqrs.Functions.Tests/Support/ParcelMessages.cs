using Cqrs;
using FluentValidation;

namespace Cqrs.Functions.Tests.Support;

[WireName("tests.v1.ship-parcel")]
[PublicCommand]
public sealed record ShipParcel([property: Key(0)] string ParcelId, [property: Key(1)] int WeightGrams) : ICommand;

/// <summary>A command the app sends only from its own code: not declared public, so never ingested.</summary>
[WireName("tests.v1.recall-parcel")]
public sealed record RecallParcel([property: Key(0)] string ParcelId) : ICommand;

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

public sealed class RecallParcelHandler(ShippedParcels shipped) : ICommandHandler<RecallParcel>
{
    public ValueTask HandleAsync(RecallParcel command, IMessageContext context, CancellationToken cancellationToken)
    {
        shipped.Record(new ShipParcel(command.ParcelId, 0), context);
        return ValueTask.CompletedTask;
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
