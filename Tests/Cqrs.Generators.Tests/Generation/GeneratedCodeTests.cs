using Cqrs.Generators.Tests.Infrastructure;

namespace Cqrs.Generators.Tests.Generation;

public sealed class GeneratedCodeTests
{
    [Fact]
    public void ValidProject_ReportsNothing_AndItsGeneratedCodeCompilesWithoutWarnings()
    {
        var run = GeneratorHarness.Run(ShopSnippet.Source, "Cqrs.Benchtest");

        run.AssertClean();
        Assert.Equal(
            [
                "CqrsBenchtestMessageRegistry.g.cs",
                "CqrsGeneratedServiceCollectionExtensions.g.cs",
                "Shop_AddressCodec.g.cs",
                "Shop_CollectionsCodec.g.cs",
                "Shop_MoneyCodec.g.cs",
                "Shop_PingCodec.g.cs",
                "Shop_RenameCodec.g.cs",
                "Shop_ScalarsCodec.g.cs",
            ],
            run.HintNames.Order(StringComparer.Ordinal));
    }

    [Fact]
    public void Registry_IsNamedAfterTheAssembly_AndRegistersMessagesThenHandlersThenValidatorsInOrder()
    {
        var run = GeneratorHarness.Run(ShopSnippet.Source, "Cqrs.Benchtest");

        Assert.Equal(
            [
                "builder.Event<global::Shop.Collections>(\"shop.v1.collections\", global::Cqrs.Generated.Shop_CollectionsCodec.Instance);",
                "builder.Command<global::Shop.Ping>(\"shop.v1.ping\", global::Cqrs.Generated.Shop_PingCodec.Instance);",
                "builder.Command<global::Shop.Rename>(\"shop.v1.rename\", global::Cqrs.Generated.Shop_RenameCodec.Instance);",
                "builder.Event<global::Shop.Scalars>(\"shop.v1.scalars\", global::Cqrs.Generated.Shop_ScalarsCodec.Instance);",
                "builder.EventHandler<global::Shop.Collections, global::Shop.Audit>();",
                "builder.EventHandler<global::Shop.Scalars, global::Shop.Audit>();",
                "builder.CommandHandler<global::Shop.Ping, global::Shop.PingHandler>();",
                "builder.QueryHandler<global::Shop.FindName, string?, global::Shop.RenameHandler>();",
                "builder.CommandHandler<global::Shop.Rename, global::Shop.RenameHandler>();",
                "builder.Validator<global::Shop.Ping, global::Shop.PingValidator>();",
            ],
            run.RegistryCalls("CqrsBenchtestMessageRegistry.g.cs"));
    }

    [Fact]
    public void AddCqrsOverload_LetsUsersCallAddCqrsWithoutARegistry()
    {
        var run = GeneratorHarness.Run(ShopSnippet.Source + """

            public static class Startup
            {
                public static void Configure(Microsoft.Extensions.DependencyInjection.IServiceCollection services)
                {
                    Microsoft.Extensions.DependencyInjection.CqrsGeneratedServiceCollectionExtensions.AddCqrs(services);
                    Microsoft.Extensions.DependencyInjection.CqrsGeneratedServiceCollectionExtensions.AddCqrs(services, options => { });
                    Microsoft.Extensions.DependencyInjection.CqrsGeneratedServiceCollectionExtensions.AddCqrs(services, new Microsoft.Extensions.Configuration.ConfigurationManager().GetSection("Cqrs"));
                }
            }
            """);

        run.AssertClean();
    }

    [Fact]
    public void AddCqrsOverload_IsFoundAsAnExtensionMethod()
    {
        var run = GeneratorHarness.Run("""
            using Microsoft.Extensions.DependencyInjection;

            namespace Shop;

            [WireName("shop.ping")]
            public sealed record Ping : ICommand;

            public static class Startup
            {
                public static CqrsBuilder Configure(IServiceCollection services) => services.AddCqrs(options => { });
            }
            """);

        run.AssertClean();
    }

    [Fact]
    public void CompilationWithoutMessagesHandlersOrValidators_GeneratesNothing()
    {
        var run = GeneratorHarness.Run("""
            namespace Shop;

            public sealed class Clock : IDisposable
            {
                public void Dispose()
                {
                }
            }
            """);

        run.AssertClean();
        Assert.Empty(run.HintNames);
    }

    [Fact]
    public void HandlerAndValidator_OfAReferencedAssemblysCommand_AreRegisteredWithoutItsCodec()
    {
        var contracts = GeneratorHarness.Run("""
            namespace Contracts;

            [WireName("contracts.place-order")]
            public sealed record PlaceOrder([property: Key(0)] Guid OrderId) : ICommand;
            """, "Contracts");
        contracts.AssertClean();

        var run = GeneratorHarness.Run(
            """
            using FluentValidation;

            namespace App;

            public sealed class PlaceOrderHandler : ICommandHandler<Contracts.PlaceOrder>
            {
                public ValueTask HandleAsync(Contracts.PlaceOrder command, IMessageContext context, CancellationToken cancellationToken) => default;
            }

            public sealed class PlaceOrderValidator : AbstractValidator<Contracts.PlaceOrder>;
            """,
            "App",
            contracts.Output.ToMetadataReference());

        run.AssertClean();
        Assert.Equal(
            [
                "builder.CommandHandler<global::Contracts.PlaceOrder, global::App.PlaceOrderHandler>();",
                "builder.Validator<global::Contracts.PlaceOrder, global::App.PlaceOrderValidator>();",
            ],
            run.RegistryCalls("AppMessageRegistry.g.cs"));
        Assert.DoesNotContain(run.HintNames, name => name.EndsWith("Codec.g.cs", StringComparison.Ordinal));
    }

    [Fact]
    public void TypesWithErrors_AreLeftOutOfGeneratedCode_SoOnlyTheirDiagnosticsFail()
    {
        var run = GeneratorHarness.Run("""
            namespace Shop;

            public sealed class Address
            {
                [Key(0)] public object? Street { get; set; }
            }

            [WireName("shop.moved")]
            public sealed record Moved([property: Key(0)] Address To) : IEvent;

            [WireName("shop.renamed")]
            public sealed record Renamed([property: Key(0)] string Name, [property: Key(0)] string Previous) : IEvent;

            [WireName("shop.pinged")]
            public sealed record Pinged : IEvent;
            """);

        Assert.Equal(["CQRS007", "CQRS009"], run.Diagnostics.Select(diagnostic => diagnostic.Id).Order(StringComparer.Ordinal));
        Assert.Empty(run.CompilationProblems);
        Assert.Equal(
            ["builder.Event<global::Shop.Pinged>(\"shop.pinged\", global::Cqrs.Generated.Shop_PingedCodec.Instance);"],
            run.RegistryCalls("TestAssemblyMessageRegistry.g.cs"));
    }

    [Fact]
    public void RequiredKeyedMembers_CompileWithoutWarnings()
    {
        var run = GeneratorHarness.Run("""
            namespace Shop;

            [WireName("shop.named")]
            public sealed class Named : IEvent
            {
                [Key(0)] public required string Name { get; init; }
                [Key(1)] public int Rank { get; set; } = 1;
            }
            """);

        run.AssertClean();
    }
}
