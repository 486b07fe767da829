using System.Globalization;
using Cqrs.Generators.Tests.Infrastructure;

namespace Cqrs.Generators.Tests.Diagnostics;

/// <summary>Which commands the registry declares public, and the ones that may not be: a saga's timeout, a type that is no command.</summary>
public sealed class PublicCommandDiagnosticTests
{
    /// <summary>A saga started by a public command and timed out by a command; <paramref name="timeoutAttributes"/> goes on the timeout.</summary>
    private static string Delivery(string timeoutAttributes = "") => $$"""
        namespace Drones
        {
            using Cqrs.EventSourcing;

            [WireName("drones.request-delivery"), PublicCommand]
            public sealed record RequestDelivery([property: Key(0), SagaId] string DeliveryId) : ICommand;

            [WireName("drones.deadline"){{timeoutAttributes}}]
            public sealed record Deadline([property: Key(0), SagaId] string DeliveryId) : ICommand;

            [WireName("drones.delivery-saga")]
            public sealed record DeliverySaga([property: Key(0)] string? DroneId)
                : ISagaStartedBy<DeliverySaga, RequestDelivery>, ISagaTimeout<DeliverySaga, Deadline>
            {
                public static DeliverySaga Initial { get; } = new((string?)null);

                public DeliverySaga Handle(RequestDelivery message, SagaContext context) => this;

                public DeliverySaga Timeout(Deadline timeout, SagaContext context) => this;
            }
        }

        """;

    [Fact]
    public void PublicCommand_IsDeclaredPublic_ItsSagasTimeoutSelfAddressed()
    {
        var run = GeneratorHarness.Run(Delivery(), "Drones", GeneratorHarness.SagaContracts);

        run.AssertClean();
        var calls = run.RegistryCalls("DronesMessageRegistry.g.cs");
        Assert.Contains("builder.PublicCommand<global::Drones.RequestDelivery>(\"drones.request-delivery\", global::Cqrs.Generated.Drones_RequestDeliveryCodec.Instance);", calls);
        Assert.Contains("builder.Command<global::Drones.Deadline>(\"drones.deadline\", global::Cqrs.Generated.Drones_DeadlineCodec.Instance);", calls);
        Assert.Equal(["builder.SelfAddressedCommand<global::Drones.Deadline>();"], calls.Where(call => call.Contains("SelfAddressed", StringComparison.Ordinal)));
    }

    [Fact]
    public void SagaTimeout_DeclaredPublic_ReportsCqrs030AtTheSaga()
    {
        var run = GeneratorHarness.Run(Delivery(", PublicCommand"), "Drones", GeneratorHarness.SagaContracts);

        var diagnostic = run.Single("CQRS030");
        Assert.Equal("DeliverySaga", run.TextAt(diagnostic));
        var message = diagnostic.GetMessage(CultureInfo.InvariantCulture);
        Assert.Contains("'Drones.DeliverySaga'", message, StringComparison.Ordinal);
        Assert.Contains("'Drones.Deadline'", message, StringComparison.Ordinal);
    }

    [Fact]
    public void SagaTimeout_DeclaredPublicInAnotherAssembly_ReportsCqrs030WhereTheSagaIs()
    {
        var contracts = GeneratorHarness.Compile("Drones.Contracts", ["""
            namespace Drones;

            [WireName("drones.deadline"), PublicCommand]
            public sealed record Deadline([property: Cqrs.EventSourcing.SagaId, Key(0)] string DeliveryId) : ICommand;
            """], GeneratorHarness.SagaContracts);
        var saga = """
            namespace Drones.Flow
            {
                using Cqrs.EventSourcing;

                [WireName("drones.delivery-saga")]
                public sealed record DeliverySaga([property: Key(0)] string? DroneId)
                    : ISagaStartedBy<DeliverySaga, Deadline>, ISagaTimeout<DeliverySaga, Deadline>
                {
                    public static DeliverySaga Initial { get; } = new((string?)null);

                    public DeliverySaga Handle(Deadline message, SagaContext context) => this;

                    public DeliverySaga Timeout(Deadline timeout, SagaContext context) => this;
                }
            }
            """;

        var run = GeneratorHarness.Run(saga, "Drones.Flow", GeneratorHarness.SagaContracts, contracts.ToMetadataReference());

        Assert.Equal("DeliverySaga", run.TextAt(run.Single("CQRS030")));
    }

    [Fact]
    public void PublicCommandAttribute_OnAnEvent_ReportsCqrs031()
    {
        var run = GeneratorHarness.Run("""
            namespace Shop;

            [WireName("shop.order-placed"), PublicCommand]
            public sealed record OrderPlaced([property: Key(0)] string OrderId) : IEvent;
            """);

        var diagnostic = run.Single("CQRS031");
        Assert.Equal("OrderPlaced", run.TextAt(diagnostic));
        Assert.DoesNotContain("PublicCommand", string.Join('\n', run.RegistryCalls("TestAssemblyMessageRegistry.g.cs")), StringComparison.Ordinal);
    }
}
