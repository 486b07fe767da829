using System.Globalization;
using Cqrs.Generators.Tests.Infrastructure;

namespace Cqrs.Generators.Tests.Diagnostics;

/// <summary>Sagas that declare how a message gives their id (<c>[SagaCorrelation]</c>), and the diagnostics of ambiguous correlation.</summary>
public sealed class SagaCorrelationTests
{
    private const string AssignedWithoutSagaId = "[property: Key(0)] Guid DeliveryId, [property: Key(1)] string DroneId";

    private const string AssignedWithSagaId = "[property: Key(0), SagaId] Guid DeliveryId, [property: Key(1)] string DroneId";

    /// <summary>
    /// A delivery saga started by a command with a [SagaId], moved on by <c>DroneAssigned</c> (whose members are
    /// <paramref name="assigned"/>); <paramref name="correlations"/> are its attributes. <c>DroneParked</c> it does not handle.
    /// </summary>
    private static string Delivery(string correlations, string assigned = AssignedWithoutSagaId) => $$"""
        namespace Drones
        {
            using Cqrs.EventSourcing;

            [WireName("drones.request-delivery")]
            public sealed record RequestDelivery([property: Key(0), SagaId] string DeliveryId) : ICommand;

            [WireName("drones.drone-assigned")]
            public sealed record DroneAssigned({{assigned}}) : IEvent
            {
                public static string Fleet => "north";

                private string Hangar => "h-1";
            }

            [WireName("drones.drone-parked")]
            public sealed record DroneParked([property: Key(0)] string DroneId) : IEvent;

            {{correlations}}
            [WireName("drones.delivery-saga")]
            public sealed record DeliverySaga([property: Key(0)] string? DroneId)
                : ISagaStartedBy<DeliverySaga, RequestDelivery>, ISagaHandles<DeliverySaga, DroneAssigned>
            {
                public static DeliverySaga Initial { get; } = new((string?)null);

                public DeliverySaga Handle(RequestDelivery message, SagaContext context) => this;

                public DeliverySaga Handle(DroneAssigned message, SagaContext context) => this with { DroneId = message.DroneId };
            }
        }

        """;

    [Fact]
    public void DeclaredCorrelation_GivesTheSagaIdOfAMessageWithoutSagaId()
    {
        var run = GeneratorHarness.Run(Delivery("[SagaCorrelation(typeof(DroneAssigned), nameof(DroneAssigned.DeliveryId))]"), "Drones", GeneratorHarness.SagaContracts);

        run.AssertClean();
        Assert.Contains(
            "public static string SagaIdOf(global::Drones.DroneAssigned message) => (global::System.Convert.ToString(message.DeliveryId, global::System.Globalization.CultureInfo.InvariantCulture) ?? string.Empty);",
            run.Source("Drones_DeliverySagaSagaMap.g.cs"),
            StringComparison.Ordinal);
    }

    [Fact]
    public void DeclaredCorrelation_WinsOverTheMessagesSagaId()
    {
        var run = GeneratorHarness.Run(
            Delivery("[SagaCorrelation(typeof(DroneAssigned), nameof(DroneAssigned.DroneId))]", AssignedWithSagaId),
            "Drones",
            GeneratorHarness.SagaContracts);

        run.AssertClean();
        Assert.Contains(
            "public static string SagaIdOf(global::Drones.DroneAssigned message) => (message.DroneId ?? string.Empty);",
            run.Source("Drones_DeliverySagaSagaMap.g.cs"),
            StringComparison.Ordinal);
    }

    [Fact]
    public void SagaMessage_WithTwoSagaIds_ReportsCqrs014AtTheSaga()
    {
        var run = GeneratorHarness.Run(Delivery(string.Empty, "[property: Key(0), SagaId] Guid DeliveryId, [property: Key(1), SagaId] string DroneId"), "Drones", GeneratorHarness.SagaContracts);

        var diagnostic = run.Single("CQRS014");
        Assert.Equal("DeliverySaga", run.TextAt(diagnostic));
        var message = diagnostic.GetMessage(CultureInfo.InvariantCulture);
        Assert.Contains("'Drones.DroneAssigned'", message, StringComparison.Ordinal);
        Assert.Contains("[SagaId] on 'DeliveryId', 'DroneId'", message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("CQRS015", "typeof(DroneParked), nameof(DroneParked.DroneId)", "'Drones.DroneParked', which it is not started by")]
    [InlineData("CQRS016", "typeof(DroneAssigned), \"Nope\"", "correlates 'Drones.DroneAssigned' by 'Nope', which is not")]
    [InlineData("CQRS016", "typeof(DroneAssigned), nameof(DroneAssigned.Fleet)", "by 'Fleet', which is not an instance property")]
    [InlineData("CQRS016", "typeof(DroneAssigned), \"Hangar\"", "by 'Hangar', which is not an instance property or field of the message that this assembly can read")]
    [InlineData("CQRS016", "typeof(DroneAssigned), null!", "by 'null', which is not")]
    [InlineData("CQRS017", "typeof(DroneAssigned), nameof(DroneAssigned.DroneId)", "'Drones.DroneAssigned' more than once", true)]
    public void Correlation_NotOfAHandledMessageByOneReadableMember_IsReportedAtItsAttribute(string id, string arguments, string says, bool afterAValidOne = false)
    {
        var valid = afterAValidOne ? "[SagaCorrelation(typeof(DroneAssigned), nameof(DroneAssigned.DeliveryId))]" : string.Empty;
        var run = GeneratorHarness.Run(Delivery($"{valid}[SagaCorrelation({arguments})]", AssignedWithSagaId), "Drones", GeneratorHarness.SagaContracts);

        var diagnostic = run.Single(id);
        Assert.Equal($"SagaCorrelation({arguments})", run.TextAt(diagnostic));
        Assert.Contains(says, diagnostic.GetMessage(CultureInfo.InvariantCulture), StringComparison.Ordinal);
    }
}
