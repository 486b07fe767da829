using System.Globalization;
using Cqrs.Generators.Tests.Infrastructure;

namespace Cqrs.Generators.Tests.Diagnostics;

public sealed class WireNameDiagnosticTests
{
    [Fact]
    public void Message_WithoutWireName_ReportsCqrs003()
    {
        var run = GeneratorHarness.Run("""
            namespace Shop;

            public sealed record OrderPlaced : IEvent;
            """);

        var diagnostic = run.Single("CQRS003");
        Assert.Equal("OrderPlaced", run.TextAt(diagnostic));
        Assert.Contains("'Shop.OrderPlaced' has no [WireName]", diagnostic.GetMessage(CultureInfo.InvariantCulture), StringComparison.Ordinal);
    }

    [Fact]
    public void AggregateState_WithoutWireName_ReportsCqrs003()
    {
        var run = GeneratorHarness.Run(Snippets.Account(attributes: string.Empty));

        var diagnostic = run.Single("CQRS003");
        Assert.Equal("Account", run.TextAt(diagnostic));
        Assert.Contains("'Bank.Account' has no [WireName]", diagnostic.GetMessage(CultureInfo.InvariantCulture), StringComparison.Ordinal);
    }

    [Fact]
    public void AggregateState_SharingAMessagesWireName_ReportsCqrs004OnBoth()
    {
        var run = GeneratorHarness.Run(Snippets.Account() + """
            namespace Bank
            {
                [WireName("bank.account")]
                public sealed record Opened : IEvent;
            }
            """);

        Assert.Equal(2, run.Diagnostics.Length);
        Assert.All(run.Diagnostics, diagnostic => Assert.Equal("CQRS004", diagnostic.Id));
        Assert.Equal(["Account", "Opened"], run.Diagnostics.Select(run.TextAt).Order(StringComparer.Ordinal));
    }

    [Fact]
    public void Messages_SharingWireName_ReportCqrs004OnEach()
    {
        var run = GeneratorHarness.Run("""
            namespace Shop;

            [WireName("shop.order-placed")]
            public sealed record OrderPlaced : IEvent;

            [WireName("shop.order-placed")]
            public sealed record OrderPlacedV2 : IEvent;
            """);

        Assert.Equal(2, run.Diagnostics.Length);
        Assert.All(run.Diagnostics, diagnostic => Assert.Equal("CQRS004", diagnostic.Id));
        var byLocation = run.Diagnostics.ToDictionary(run.TextAt, diagnostic => diagnostic.GetMessage(CultureInfo.InvariantCulture));
        Assert.Equal(
            "Wire name 'shop.order-placed' of 'Shop.OrderPlaced' is also used by 'Shop.OrderPlacedV2'",
            byLocation["OrderPlaced"]);
        Assert.Equal(
            "Wire name 'shop.order-placed' of 'Shop.OrderPlacedV2' is also used by 'Shop.OrderPlaced'",
            byLocation["OrderPlacedV2"]);
    }

    [Theory]
    [InlineData("Shop.OrderPlaced")]
    [InlineData("shop_order_placed")]
    [InlineData("shop order placed")]
    [InlineData(".shop.order-placed")]
    [InlineData("shop.order-placed-")]
    [InlineData("")]
    public void WireName_Malformed_ReportsCqrs005(string wireName)
    {
        var run = GeneratorHarness.Run($$"""
            namespace Shop;

            [WireName("{{wireName}}")]
            public sealed record OrderPlaced : IEvent;
            """);

        var diagnostic = run.Single("CQRS005");
        Assert.Equal("OrderPlaced", run.TextAt(diagnostic));
        Assert.StartsWith($"Wire name '{wireName}' of 'Shop.OrderPlaced'", diagnostic.GetMessage(CultureInfo.InvariantCulture), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("orders.v1.place-order")]
    [InlineData("x")]
    [InlineData("2024-orders")]
    public void WireName_WellFormed_ReportsNothing(string wireName)
    {
        var run = GeneratorHarness.Run($$"""
            namespace Shop;

            [WireName("{{wireName}}")]
            public sealed record OrderPlaced : IEvent;
            """);

        run.AssertClean();
    }
}
