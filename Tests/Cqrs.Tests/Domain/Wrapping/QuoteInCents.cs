using Cqrs.Tests.Domain.Orders;

namespace Cqrs.Tests.Domain.Wrapping;

/// <summary>Turns the quote the rest of the chain gives into cents.</summary>
public sealed class QuoteInCents : IQueryMiddleware<QuoteOrder, decimal>
{
    public async ValueTask<decimal> InvokeAsync(QuoteOrder query, Func<ValueTask<decimal>> next, CancellationToken cancellationToken) =>
        await next() * 100;
}
