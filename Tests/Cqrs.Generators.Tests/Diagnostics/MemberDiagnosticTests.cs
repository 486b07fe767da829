using System.Globalization;
using Cqrs.Generators.Tests.Infrastructure;

namespace Cqrs.Generators.Tests.Diagnostics;

public sealed class MemberDiagnosticTests
{
    [Fact]
    public void SettableProperty_WithoutKey_ReportsCqrs006()
    {
        var run = GeneratorHarness.Run("""
            namespace Shop;

            [WireName("shop.order-placed")]
            public sealed class OrderPlaced : IEvent
            {
                [Key(0)] public Guid OrderId { get; init; }
                public string Comment { get; set; } = "";
            }
            """);

        var diagnostic = run.Single("CQRS006");
        Assert.Equal("Comment", run.TextAt(diagnostic));
        Assert.StartsWith("Member 'Comment' of 'Shop.OrderPlaced'", diagnostic.GetMessage(CultureInfo.InvariantCulture), StringComparison.Ordinal);
    }

    [Fact]
    public void PositionalParameter_WithoutKey_ReportsOnlyCqrs006()
    {
        var run = GeneratorHarness.Run("""
            namespace Shop;

            [WireName("shop.order-placed")]
            public sealed record OrderPlaced([property: Key(0)] Guid OrderId, decimal Total) : IEvent;
            """);

        var diagnostic = run.Single("CQRS006");
        Assert.Equal("Total", run.TextAt(diagnostic));
        Assert.StartsWith("Member 'Total' of 'Shop.OrderPlaced'", diagnostic.GetMessage(CultureInfo.InvariantCulture), StringComparison.Ordinal);
    }

    [Fact]
    public void NestedContractMember_WithoutKey_ReportsCqrs006InTheContract()
    {
        var run = GeneratorHarness.Run("""
            namespace Shop;

            public sealed class Address
            {
                [Key(0)] public string Street { get; set; } = "";
                public string City { get; set; } = "";
            }

            [WireName("shop.moved")]
            public sealed record Moved([property: Key(0)] Address To) : IEvent;
            """);

        var diagnostic = run.Single("CQRS006");
        Assert.Equal("City", run.TextAt(diagnostic));
        Assert.StartsWith("Member 'City' of 'Shop.Address'", diagnostic.GetMessage(CultureInfo.InvariantCulture), StringComparison.Ordinal);
    }

    [Fact]
    public void UnkeyedMembersThatCallersCannotSet_AreIgnored()
    {
        var run = GeneratorHarness.Run("""
            namespace Shop;

            [WireName("shop.order-placed")]
            public sealed class OrderPlaced : IEvent
            {
                private int _version;

                [Key(0)] public decimal Total { get; init; }
                public decimal TotalWithTax => Total * 1.2m;
                public int Version { get => _version; private set => _version = value; }
                public static int Count { get; set; }
                internal string Note { get; set; } = "";
            }
            """);

        run.AssertClean();
    }

    [Fact]
    public void DuplicateKey_ReportsCqrs007NamingBothMembers()
    {
        var run = GeneratorHarness.Run("""
            namespace Shop;

            [WireName("shop.order-placed")]
            public sealed class OrderPlaced : IEvent
            {
                [Key(0)] public Guid OrderId { get; init; }
                [Key(0)] public decimal Total { get; init; }
            }
            """);

        var diagnostic = run.Single("CQRS007");
        Assert.Equal("Total", run.TextAt(diagnostic));
        Assert.Equal(
            "Key 0 of member 'Total' in 'Shop.OrderPlaced' is also used by 'OrderId'",
            diagnostic.GetMessage(CultureInfo.InvariantCulture));
    }

    [Fact]
    public void NegativeKey_ReportsCqrs007()
    {
        var run = GeneratorHarness.Run("""
            namespace Shop;

            [WireName("shop.order-placed")]
            public sealed record OrderPlaced([property: Key(-1)] Guid OrderId) : IEvent;
            """);

        var diagnostic = run.Single("CQRS007");
        Assert.Equal("OrderId", run.TextAt(diagnostic));
        Assert.Equal("Key -1 of member 'OrderId' in 'Shop.OrderPlaced' is negative", diagnostic.GetMessage(CultureInfo.InvariantCulture));
    }

    [Fact]
    public void GetOnlyKeyedProperty_WithoutMatchingConstructor_ReportsCqrs008()
    {
        var run = GeneratorHarness.Run("""
            namespace Shop;

            [WireName("shop.order-placed")]
            public sealed class OrderPlaced : IEvent
            {
                public OrderPlaced(long orderId) => OrderId = (int)orderId;

                [Key(0)] public int OrderId { get; }
            }
            """);

        var diagnostic = run.Single("CQRS008");
        Assert.Equal("OrderPlaced", run.TextAt(diagnostic));
        Assert.StartsWith("'Shop.OrderPlaced' has no accessible constructor", diagnostic.GetMessage(CultureInfo.InvariantCulture), StringComparison.Ordinal);
    }

    [Fact]
    public void AbstractNestedContract_ReportsCqrs008()
    {
        var run = GeneratorHarness.Run("""
            namespace Shop;

            public abstract class Payment
            {
                [Key(0)] public decimal Amount { get; set; }
            }

            [WireName("shop.paid")]
            public sealed record Paid([property: Key(0)] Payment Payment) : IEvent;
            """);

        var diagnostic = run.Single("CQRS008");
        Assert.Equal("Payment", run.TextAt(diagnostic));
        Assert.StartsWith("'Shop.Payment' has no accessible constructor", diagnostic.GetMessage(CultureInfo.InvariantCulture), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("object", "object")]
    [InlineData("HashSet<int>", "System.Collections.Generic.HashSet<int>")]
    [InlineData("int[,]", "int[*,*]")]
    [InlineData("Uri", "System.Uri")]
    [InlineData("List<object>", "System.Collections.Generic.List<object>")]
    [InlineData("Dictionary<int[], string>", "System.Collections.Generic.Dictionary<int[], string>")]
    public void UnsupportedMemberType_ReportsCqrs009NamingMemberAndType(string type, string displayed)
    {
        var run = GeneratorHarness.Run($$"""
            namespace Shop;

            [WireName("shop.order-placed")]
            public sealed class OrderPlaced : IEvent
            {
                [Key(0)] public {{type}}? Payload { get; set; }
            }
            """);

        var diagnostic = run.Single("CQRS009");
        Assert.Equal("Payload", run.TextAt(diagnostic));
        Assert.Equal(
            $"Member 'Payload' of 'Shop.OrderPlaced' has type '{displayed}?', which the Cqrs serializer does not support",
            diagnostic.GetMessage(CultureInfo.InvariantCulture));
    }

    [Fact]
    public void PrivateKeyedMember_ReportsCqrs010()
    {
        var run = GeneratorHarness.Run("""
            namespace Shop;

            [WireName("shop.order-placed")]
            public sealed class OrderPlaced : IEvent
            {
                [Key(0)] private int _version;

                public int Version => _version;
            }
            """);

        var diagnostic = run.Single("CQRS010");
        Assert.Equal("_version", run.TextAt(diagnostic));
        Assert.StartsWith("Member '_version' of 'Shop.OrderPlaced' has [Key]", diagnostic.GetMessage(CultureInfo.InvariantCulture), StringComparison.Ordinal);
    }
}
