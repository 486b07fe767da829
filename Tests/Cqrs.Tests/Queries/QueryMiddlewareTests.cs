using Cqrs.Tests.Domain.Orders;
using Cqrs.Tests.Domain.Screening;
using Cqrs.Tests.Domain.Wrapping;
using Cqrs.Tests.Support;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Tests.Queries;

/// <summary>Query middleware: registered as services, run around the query's handler in registration order.</summary>
public sealed class QueryMiddlewareTests
{
    [Theory]
    [InlineData(ServiceLifetime.Singleton)]
    [InlineData(ServiceLifetime.Scoped)]
    public async Task AskAsync_WithMiddleware_ItShapesTheHandlersAnswer(ServiceLifetime handlerLifetime)
    {
        await using var provider = TestHost.Create(
            options => options.HandlerLifetime = handlerLifetime,
            services => services.AddSingleton<IQueryMiddleware<QuoteOrder, decimal>, QuoteInCents>());

        var total = await provider.GetRequiredService<IQueryBus>().AskAsync(new QuoteOrder(SampleQuotes.Lines));

        Assert.Equal(SampleQuotes.Total * 100, total);
    }

    [Fact]
    public async Task AskAsync_TwoMiddlewares_RunInRegistrationOrderAndMayAnswerWithoutTheHandler()
    {
        await using var provider = TestHost.Create(addServices: services => services
            .AddSingleton<IQueryMiddleware<QuoteOrder, decimal>, QuoteInCents>()
            .AddSingleton<IQueryMiddleware<QuoteOrder, decimal>, FixedQuote>());

        var total = await provider.GetRequiredService<IQueryBus>().AskAsync(new QuoteOrder(SampleQuotes.Lines));

        Assert.Equal(100m, total);
    }

    [Fact]
    public async Task AskAsync_OpenGenericMiddleware_WrapsEveryQueryType()
    {
        await using var provider = TestHost.Create(addServices: services => services
            .AddSingleton<MiddlewareLog>()
            .AddSingleton(typeof(IQueryMiddleware<,>), typeof(CountingQueryMiddleware<,>)));
        var queries = provider.GetRequiredService<IQueryBus>();

        await queries.AskAsync(new QuoteOrder(SampleQuotes.Lines));
        await queries.AskAsync(new LookUpEnrolment("Ada"));

        var log = provider.GetRequiredService<MiddlewareLog>();
        Assert.Equal(new QuoteOrder(SampleQuotes.Lines), Assert.Single(log.Around<QuoteOrder>()).Message);
        Assert.Equal(new LookUpEnrolment("Ada"), Assert.Single(log.Around<LookUpEnrolment>()).Message);
    }
}
