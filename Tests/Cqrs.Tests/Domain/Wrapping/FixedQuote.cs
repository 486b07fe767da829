using Cqrs.Tests.Domain.Orders;

namespace Cqrs.Tests.Domain.Wrapping;

/// <summary>Answers 1 without asking the rest of the chain, as a cache that has the answer would.</summary>
public sealed class FixedQuote : IQueryMiddleware<QuoteOrder, decimal>
{
    public ValueTask<decimal> InvokeAsync(QuoteOrder query, Func<ValueTask<decimal>> next, CancellationToken cancellationToken) =>
        ValueTask.FromResult(1m);
}
