using Cqrs.Testing.Domain.Orders;

namespace Cqrs.Tests.Domain.Orders;

/// <summary>Asks what a set of lines costs.</summary>
public sealed record QuoteOrder(IReadOnlyList<OrderLine> Lines) : IQuery<decimal>;
