namespace Cqrs.Tests.Domain.Orders;

public sealed class QuoteOrderHandler : IQueryHandler<QuoteOrder, decimal>
{
    public ValueTask<decimal> HandleAsync(QuoteOrder query, CancellationToken cancellationToken) =>
        ValueTask.FromResult(query.Lines.Sum(line => line.Quantity * line.UnitPrice));
}
