namespace Cqrs.Testing.Domain.Orders;

/// <summary>Where an order goes: a nested record.</summary>
public sealed record ShippingAddress(
    [property: Key(0)] string Street,
    [property: Key(1)] string City,
    [property: Key(2)] string CountryCode);
