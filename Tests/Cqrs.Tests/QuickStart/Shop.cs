using FluentValidation;

namespace Cqrs.Tests.QuickStart;

// The README's quick start, verbatim: keep the two in step.
[WireName("shop.v1.place-order")]
public sealed record PlaceOrder([property: Key(0)] Guid OrderId, [property: Key(1)] int Quantity) : ICommand;

[WireName("shop.v1.order-placed")]
public sealed record OrderPlaced([property: Key(0)] Guid OrderId, [property: Key(1)] int Quantity) : IEvent;

public sealed class PlaceOrderValidator : AbstractValidator<PlaceOrder>
{
    public PlaceOrderValidator() => RuleFor(order => order.Quantity).InclusiveBetween(1, 100);
}

public sealed class PlaceOrderHandler : ICommandHandler<PlaceOrder>
{
    public ValueTask HandleAsync(PlaceOrder command, IMessageContext context, CancellationToken cancellationToken) =>
        context.PublishAsync(new OrderPlaced(command.OrderId, command.Quantity), cancellationToken);
}

public sealed class ReserveStock(Stock stock) : IEventHandler<OrderPlaced>
{
    public ValueTask HandleAsync(OrderPlaced placed, IMessageContext context, CancellationToken cancellationToken) =>
        stock.ReserveAsync(placed.OrderId, placed.Quantity);
}

public sealed class EmailCustomer(Mailer mailer) : IEventHandler<OrderPlaced>
{
    public ValueTask HandleAsync(OrderPlaced placed, IMessageContext context, CancellationToken cancellationToken) =>
        mailer.SendConfirmationAsync(placed.OrderId);
}
