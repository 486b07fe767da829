using Cqrs.Tests.Domain.Orders;
using Cqrs.Tests.Support;
using FluentValidation;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Tests.Queries;

/// <summary>Queries: validated, then answered in-process by their one handler.</summary>
public sealed class QueryTests
{
    [Theory]
    [InlineData(ServiceLifetime.Singleton)]
    [InlineData(ServiceLifetime.Scoped)]
    public async Task AskAsync_ReturnsTheHandlersAnswer(ServiceLifetime handlerLifetime)
    {
        await using var provider = TestHost.Create(options => options.HandlerLifetime = handlerLifetime);

        var total = await provider.GetRequiredService<IQueryBus>().AskAsync(new QuoteOrder(SampleQuotes.Lines));

        Assert.Equal(SampleQuotes.Total, total);
    }

    [Fact]
    public async Task AskAsync_InvalidQuery_ThrowsValidationException()
    {
        await using var provider = TestHost.Create();

        var error = await Assert.ThrowsAsync<ValidationException>(
            () => provider.GetRequiredService<IQueryBus>().AskAsync(new QuoteOrder([])).AsTask());

        Assert.Equal("Lines", Assert.Single(error.Errors).PropertyName);
    }

    [Fact]
    public async Task AskAsync_QueryWithoutHandler_ThrowsNamingIt()
    {
        await using var provider = TestHost.CreateWith(new PartialRegistry(_ => true, type => type != typeof(QuoteOrder)));

        var error = await Assert.ThrowsAsync<InvalidOperationException>(
            () => provider.GetRequiredService<IQueryBus>().AskAsync(new QuoteOrder(SampleQuotes.Lines)).AsTask());

        Assert.Contains(typeof(QuoteOrder).FullName!, error.Message, StringComparison.Ordinal);
    }
}
