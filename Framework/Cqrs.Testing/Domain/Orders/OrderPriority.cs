namespace Cqrs.Testing.Domain.Orders;

/// <summary>How fast an order ships.</summary>
public enum OrderPriority
{
    /// <summary>The usual.</summary>
    Standard,

    /// <summary>Next day.</summary>
    Express,
}
