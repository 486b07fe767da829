namespace Cqrs.Testing.Domain.Orders;

/// <summary>Orders for tests, with values that are easy to get wrong on the wire.</summary>
public static class SampleOrders
{
    /// <summary>A valid order: non-ASCII text, a decimal with many digits, a non-UTC offset with sub-millisecond ticks.</summary>
    public static SubmitOrder Valid() => new(
        Guid.NewGuid(),
        "Zoë Ångström 🚀",
        1234567.8901m,
        new DateTimeOffset(2025, 3, 14, 15, 9, 26, 535, TimeSpan.FromHours(5.5)).AddTicks(8979),
        [new OrderLine("SKU-1", 3, 19.99m), new OrderLine("SKU-2", 1, 0.01m)],
        OrderPriority.Express,
        new ShippingAddress("1 Bahnhofstrasse", "Zürich", "CH"));

    /// <summary>An order breaking three rules: no customer, a zero total, no lines.</summary>
    public static SubmitOrder Invalid() => Valid() with { Customer = "", Total = 0m, Lines = [] };
}
