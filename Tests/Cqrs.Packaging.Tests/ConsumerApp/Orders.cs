using Cqrs;
using Cqrs.EventSourcing;
using FluentValidation;

namespace ConsumerApp;

[WireName("consumer.v1.place-order")]
public sealed record PlaceOrder([property: Key(0)] string OrderId, [property: Key(1)] int Quantity) : ICommand;

[WireName("consumer.v1.order-placed")]
public sealed record OrderPlaced([property: Key(0)] string OrderId, [property: Key(1)] int Quantity) : IEvent;

[WireName("consumer.v1.order-status")]
public sealed record OrderStatus([property: Key(0)] string OrderId) : IQuery<string>;

/// <summary>An order's state, folded from its events and stored in SQLite.</summary>
[WireName("consumer.v1.order")]
public sealed record Order([property: Key(0)] int Quantity, [property: Key(1)] bool IsPlaced) : IAggregate<Order>
{
    public static Order Initial { get; } = new(0, false);

    public Order Apply(IEvent @event) => @event is OrderPlaced placed ? new Order(placed.Quantity, true) : this;

    public IEnumerable<IEvent> Decide(PlaceOrder command) =>
        IsPlaced ? throw new InvalidOperationException($"Order {command.OrderId} is placed already.") : [new OrderPlaced(command.OrderId, command.Quantity)];
}

public sealed class PlaceOrderValidator : AbstractValidator<PlaceOrder>
{
    public PlaceOrderValidator() => RuleFor(order => order.Quantity).InclusiveBetween(1, 100);
}

public sealed class PlaceOrderHandler(IAggregateRepository<Order> orders) : ICommandHandler<PlaceOrder>
{
    public async ValueTask HandleAsync(PlaceOrder command, IMessageContext context, CancellationToken cancellationToken) =>
        await orders.ExecuteAsync(command.OrderId, context, order => order.Decide(command), cancellationToken);
}

public sealed class ReserveStock(Journal journal) : IEventHandler<OrderPlaced>
{
    public ValueTask HandleAsync(OrderPlaced placed, IMessageContext context, CancellationToken cancellationToken) =>
        journal.Write($"stock reserved: {placed.Quantity} for {placed.OrderId}");
}

public sealed class EmailCustomer(Journal journal) : IEventHandler<OrderPlaced>
{
    public ValueTask HandleAsync(OrderPlaced placed, IMessageContext context, CancellationToken cancellationToken) =>
        journal.Write($"confirmation sent: {placed.OrderId}");
}

public sealed class OrderStatusHandler(IAggregateRepository<Order> orders) : IQueryHandler<OrderStatus, string>
{
    public async ValueTask<string> HandleAsync(OrderStatus query, CancellationToken cancellationToken)
    {
        var (order, version) = await orders.LoadAsync(query.OrderId, cancellationToken);
        return $"{query.OrderId}: placed={order.IsPlaced}, quantity={order.Quantity}, version={version}";
    }
}
