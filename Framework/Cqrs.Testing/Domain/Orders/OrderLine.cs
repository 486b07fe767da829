namespace Cqrs.Testing.Domain.Orders;

/// <summary>One line of an order: a nested record inside a list.</summary>
public sealed record OrderLine(
    [property: Key(0)] string Sku,
    [property: Key(1)] int Quantity,
    [property: Key(2)] decimal UnitPrice);
