namespace Cqrs.Testing.Domain.Orders;

/// <summary>Raised by <see cref="SubmitOrderHandler"/>; handled by <see cref="ReserveInventory"/> and <see cref="NotifyCustomer"/>.</summary>
[WireName("tests.v1.order-submitted")]
public sealed record OrderSubmitted(
    [property: Key(0)] Guid OrderId,
    [property: Key(1)] decimal Total,
    [property: Key(2)] int ItemCount,
    [property: Key(3)] OrderPriority Priority) : IEvent;
