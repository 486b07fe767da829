namespace Cqrs.Testing.Domain.Orders;

/// <summary>A command with a member of every kind the wire format must carry.</summary>
[WireName("tests.v1.submit-order")]
public sealed record SubmitOrder(
    [property: Key(0)] Guid OrderId,
    [property: Key(1)] string Customer,
    [property: Key(2)] decimal Total,
    [property: Key(3)] DateTimeOffset SubmittedAt,
    [property: Key(4)] IReadOnlyList<OrderLine> Lines,
    [property: Key(5)] OrderPriority Priority,
    [property: Key(6)] ShippingAddress ShipTo) : ICommand;
