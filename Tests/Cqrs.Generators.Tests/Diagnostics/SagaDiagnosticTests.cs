using System.Globalization;
using Cqrs.Generators.Tests.Infrastructure;

namespace Cqrs.Generators.Tests.Diagnostics;

public sealed class SagaDiagnosticTests
{
    /// <summary>A delivery saga started by a command, moved on by an event, timed out by a command; <paramref name="dropped"/> leaves the text out.</summary>
    private static string Delivery(string dropped = "", string startedBy = "ISagaStartedBy<DeliverySaga, RequestDelivery>") => $$"""
        namespace Drones
        {
            using Cqrs.EventSourcing;

            [WireName("drones.request-delivery")]
            public sealed record RequestDelivery([property: Key(0), SagaId] string DeliveryId) : ICommand;

            [WireName("drones.drone-assigned")]
            public sealed record DroneAssigned([property: Key(0){{(dropped == "drone-assigned" ? string.Empty : ", SagaId")}}] Guid DeliveryId, [property: Key(1)] string DroneId) : IEvent;

            [WireName("drones.deadline")]
            public sealed record Deadline([property: Key(0), SagaId] string DeliveryId) : ICommand;

            [WireName("drones.delivery-saga")]
            public sealed record DeliverySaga([property: Key(0)] string? DroneId)
                : {{startedBy}}, ISagaHandles<DeliverySaga, DroneAssigned>, ISagaTimeout<DeliverySaga, Deadline>
            {
                public static DeliverySaga Initial { get; } = new((string?)null);

                public DeliverySaga Handle(RequestDelivery message, SagaContext context) => this;

                public DeliverySaga Handle(DroneAssigned message, SagaContext context) => this with { DroneId = message.DroneId };

                public DeliverySaga Timeout(Deadline timeout, SagaContext context) => this;
            }
        }

        """;

    [Fact]
    public void Saga_GetsAHandlerPerMessage_AndAMapOfTheirSagaIds_ThatCompile()
    {
        var run = GeneratorHarness.Run(Delivery(), "Drones", GeneratorHarness.SagaContracts);

        run.AssertClean();
        const string Map = "global::Cqrs.Generated.Drones_DeliverySagaSagaMap";
        Assert.Equal(
            [
                "builder.Command<global::Drones.Deadline>(\"drones.deadline\", global::Cqrs.Generated.Drones_DeadlineCodec.Instance);",
                "builder.AggregateState<global::Drones.DeliverySaga>(\"drones.delivery-saga\", global::Cqrs.Generated.Drones_DeliverySagaCodec.Instance);",
                "builder.Event<global::Drones.DroneAssigned>(\"drones.drone-assigned\", global::Cqrs.Generated.Drones_DroneAssignedCodec.Instance);",
                "builder.Command<global::Drones.RequestDelivery>(\"drones.request-delivery\", global::Cqrs.Generated.Drones_RequestDeliveryCodec.Instance);",
                $"builder.CommandHandler<global::Drones.RequestDelivery, global::Cqrs.EventSourcing.SagaCommandHandler<global::Drones.DeliverySaga, global::Drones.RequestDelivery, {Map}>>(\"drones.delivery-saga/drones.request-delivery\");",
                $"builder.EventHandler<global::Drones.DroneAssigned, global::Cqrs.EventSourcing.SagaEventHandler<global::Drones.DeliverySaga, global::Drones.DroneAssigned, {Map}>>(\"drones.delivery-saga/drones.drone-assigned\");",
                $"builder.CommandHandler<global::Drones.Deadline, global::Cqrs.EventSourcing.SagaTimeoutHandler<global::Drones.DeliverySaga, global::Drones.Deadline, {Map}>>(\"drones.delivery-saga/drones.deadline\");",
                "builder.SelfAddressedCommand<global::Drones.Deadline>();",
            ],
            run.RegistryCalls("DronesMessageRegistry.g.cs"));
        var map = run.Source("Drones_DeliverySagaSagaMap.g.cs");
        Assert.Contains("public static string SagaIdOf(global::Drones.RequestDelivery message) => (message.DeliveryId ?? string.Empty);", map, StringComparison.Ordinal);
        Assert.Contains(
            "public static string SagaIdOf(global::Drones.DroneAssigned message) => (global::System.Convert.ToString(message.DeliveryId, global::System.Globalization.CultureInfo.InvariantCulture) ?? string.Empty);",
            map,
            StringComparison.Ordinal);
        Assert.Contains("public static bool StartsSaga(global::Drones.RequestDelivery message) => true;", map, StringComparison.Ordinal);
        Assert.Contains("public static bool StartsSaga(global::Drones.DroneAssigned message) => false;", map, StringComparison.Ordinal);
        Assert.Contains(
            "static string global::Cqrs.EventSourcing.ISagaMap<global::Drones.DroneAssigned>.HandlerName => \"drones.delivery-saga/drones.drone-assigned\";",
            map,
            StringComparison.Ordinal);
    }

    [Fact]
    public void SagaMessage_WithoutSagaId_ReportsCqrs012AtTheSaga()
    {
        var run = GeneratorHarness.Run(Delivery(dropped: "drone-assigned"), "Drones", GeneratorHarness.SagaContracts);

        var diagnostic = run.Single("CQRS012");
        Assert.Equal("DeliverySaga", run.TextAt(diagnostic));
        var message = diagnostic.GetMessage(CultureInfo.InvariantCulture);
        Assert.Contains("'Drones.DroneAssigned'", message, StringComparison.Ordinal);
        Assert.Contains("'Drones.DeliverySaga'", message, StringComparison.Ordinal);
        Assert.Contains("[SagaCorrelation(typeof(DroneAssigned), nameof(DroneAssigned.Member))]", message, StringComparison.Ordinal);
    }

    [Fact]
    public void Saga_WithoutStartingMessage_ReportsCqrs013AtTheSaga()
    {
        var run = GeneratorHarness.Run(Delivery(startedBy: "ISagaHandles<DeliverySaga, RequestDelivery>"), "Drones", GeneratorHarness.SagaContracts);

        var diagnostic = run.Single("CQRS013");
        Assert.Equal("DeliverySaga", run.TextAt(diagnostic));
        Assert.Contains("'Drones.DeliverySaga' is started by no message", diagnostic.GetMessage(CultureInfo.InvariantCulture), StringComparison.Ordinal);
    }
}
