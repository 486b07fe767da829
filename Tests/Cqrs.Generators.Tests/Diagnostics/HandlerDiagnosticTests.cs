using System.Globalization;
using Cqrs.Generators.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using static Cqrs.Generators.Tests.Infrastructure.Snippets;

namespace Cqrs.Generators.Tests.Diagnostics;

public sealed class HandlerDiagnosticTests
{
    private const string TwoCommands = """
        namespace Shop;

        [WireName("shop.place-order")]
        public sealed record PlaceOrder : ICommand;

        [WireName("shop.cancel-order")]
        public sealed record CancelOrder : ICommand;

        """;

    [Fact]
    public void Command_WithoutHandler_ReportsCqrs001AtTheCommand()
    {
        var run = GeneratorHarness.Run(TwoCommands + CommandHandler("CancelOrderHandler", "CancelOrder"));

        var diagnostic = run.Single("CQRS001");
        Assert.Equal("PlaceOrder", run.TextAt(diagnostic));
        Assert.Contains("'Shop.PlaceOrder'", diagnostic.GetMessage(CultureInfo.InvariantCulture), StringComparison.Ordinal);
    }

    [Fact]
    public void Command_WithoutHandler_InContractsOnlyAssembly_ReportsNothing()
    {
        var run = GeneratorHarness.Run(TwoCommands);

        run.AssertClean();
    }

    [Fact]
    public void Command_WithTwoHandlers_ReportsCqrs002NamingBoth()
    {
        var run = GeneratorHarness.Run(
            TwoCommands
            + CommandHandler("CancelOrderHandler", "CancelOrder")
            + CommandHandler("PlaceOrderHandler", "PlaceOrder")
            + CommandHandler("LegacyPlaceOrderHandler", "PlaceOrder"));

        var diagnostic = run.Single("CQRS002");
        Assert.Equal("PlaceOrder", run.TextAt(diagnostic));
        var message = diagnostic.GetMessage(CultureInfo.InvariantCulture);
        Assert.Contains("'Shop.PlaceOrder' has 2 handlers", message, StringComparison.Ordinal);
        Assert.Contains("'Shop.LegacyPlaceOrderHandler'", message, StringComparison.Ordinal);
        Assert.Contains("'Shop.PlaceOrderHandler'", message, StringComparison.Ordinal);
    }

    [Fact]
    public void Handler_OfSeveralCommands_CountsOncePerCommand()
    {
        var run = GeneratorHarness.Run(TwoCommands + """
            public sealed class OrderHandler : ICommandHandler<PlaceOrder>, ICommandHandler<CancelOrder>
            {
                public ValueTask HandleAsync(PlaceOrder command, IMessageContext context, CancellationToken cancellationToken) => default;

                public ValueTask HandleAsync(CancelOrder command, IMessageContext context, CancellationToken cancellationToken) => default;
            }
            """);

        run.AssertClean();
        var registry = run.Source("TestAssemblyMessageRegistry.g.cs");
        Assert.Contains("builder.CommandHandler<global::Shop.CancelOrder, global::Shop.OrderHandler>();", registry, StringComparison.Ordinal);
        Assert.Contains("builder.CommandHandler<global::Shop.PlaceOrder, global::Shop.OrderHandler>();", registry, StringComparison.Ordinal);
    }

    [Fact]
    public void Event_WithTwoHandlers_ReportsNothing()
    {
        var run = GeneratorHarness.Run("""
            namespace Shop;

            [WireName("shop.order-placed")]
            public sealed record OrderPlaced : IEvent;

            """ + EventHandler("SendMail", "OrderPlaced") + EventHandler("UpdateStock", "OrderPlaced"));

        run.AssertClean();
    }

    [Fact]
    public void CommandOfAReferencedAssembly_WithTwoHandlers_ReportsCqrs002AtAHandler()
    {
        var contracts = GeneratorHarness.Run(TwoCommands, "Contracts");

        var run = GeneratorHarness.Run(
            "namespace App;\n\n"
            + CommandHandler("PlaceOrderHandler", "Shop.PlaceOrder")
            + CommandHandler("LegacyPlaceOrderHandler", "Shop.PlaceOrder"),
            "App",
            contracts.Output.ToMetadataReference());

        var diagnostic = run.Single("CQRS002");
        Assert.Equal("LegacyPlaceOrderHandler", run.TextAt(diagnostic));
        Assert.StartsWith("Command 'Shop.PlaceOrder' has 2 handlers", diagnostic.GetMessage(CultureInfo.InvariantCulture), StringComparison.Ordinal);
    }

    public static TheoryData<string, string, string> NestedTypesGeneratedCodeCannotReach => new()
    {
        { "validator", "PlaceOrderValidator", """
            public sealed class PlaceOrderHandler : ICommandHandler<PlaceOrder>
            {
                public System.Threading.Tasks.ValueTask HandleAsync(PlaceOrder command, IMessageContext context, System.Threading.CancellationToken cancellationToken) => default;

                private sealed class PlaceOrderValidator : FluentValidation.AbstractValidator<PlaceOrder>;
            }
            """ },
        { "handler", "PlaceOrderHandler", """
            public static class Handlers
            {
                private sealed class PlaceOrderHandler : ICommandHandler<PlaceOrder>
                {
                    public System.Threading.Tasks.ValueTask HandleAsync(PlaceOrder command, IMessageContext context, System.Threading.CancellationToken cancellationToken) => default;
                }
            }
            """ },
    };

    [Theory]
    [MemberData(nameof(NestedTypesGeneratedCodeCannotReach))]
    public void PrivateNestedType_ReportsCqrs011AndGeneratesNothingForIt(string role, string name, string snippet)
    {
        var run = GeneratorHarness.Run("""
            namespace Shop;

            [WireName("shop.place-order")]
            public sealed record PlaceOrder : ICommand;

            """ + snippet);

        // The generated code compiles: no CS0122 from naming the type. (Without its handler, the command also gets CQRS001.)
        Assert.Empty(run.CompilationProblems);
        var diagnostic = Assert.Single(run.Diagnostics, diagnostic => diagnostic.Id == "CQRS011");
        Assert.Equal(DiagnosticSeverity.Error, diagnostic.Severity);
        Assert.Equal(name, run.TextAt(diagnostic));
        Assert.Contains($"is a {role}", diagnostic.GetMessage(CultureInfo.InvariantCulture), StringComparison.Ordinal);
    }

    [Fact]
    public void InternalNestedValidator_IsRegisteredWithoutDiagnostics()
    {
        var run = GeneratorHarness.Run("""
            namespace Shop;

            [WireName("shop.place-order")]
            public sealed record PlaceOrder : ICommand;

            """ + CommandHandler("PlaceOrderHandler", "PlaceOrder") + """
            public static class Rules
            {
                internal sealed class PlaceOrderValidator : FluentValidation.AbstractValidator<PlaceOrder>;
            }
            """);

        run.AssertClean();
    }
}
