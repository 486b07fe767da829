using Cqrs.Testing.Domain.Orders;
using Cqrs.Tests.Domain.Orders;

namespace Cqrs.Tests.Support;

/// <summary>Quotes for the query tests.</summary>
internal static class SampleQuotes
{
    /// <summary>Lines that <see cref="QuoteOrder"/> prices at <see cref="Total"/>.</summary>
    public static readonly OrderLine[] Lines = [new("SKU-1", 3, 19.99m), new("SKU-2", 1, 0.01m)];

    public const decimal Total = 59.98m;
}
