using Cqrs.EventSourcing.Testing;
using Microsoft.Extensions.DependencyInjection;
using Sample.Domain;
using Sample.Domain.Deliveries;

namespace Cqrs.EventSourcing.Tests.Sample;

public sealed class DeliverySagaScenarioTests
{
    private static readonly DateTimeOffset Departure = new(2026, 5, 1, 10, 15, 0, TimeSpan.Zero);
    private static readonly DateTimeOffset DueBy = new(2026, 5, 1, 12, 0, 0, TimeSpan.Zero);

    private static SagaScenario<DeliverySaga> Scenario() => new(services => services.AddSampleDomain().UseInMemoryStore());

    [Fact]
    public async Task Request_AsFirstStep_StartsTheSagaAndSetsTheDeadlineItSays()
    {
        var outcome = await Scenario()
            .When(new DeliveryRequested("d-1", "12 Quay Street", 2_500, DueBy), "d-1")
            .ThenAsync();

        var deadline = Assert.Single(outcome.Timeouts);
        Assert.Equal(new RequestedTimeout(new DeliveryDeadline("d-1"), DueBy), deadline);
        Assert.False(outcome.Saga!.Completed);
    }

    [Fact]
    public async Task Request_AfterAnotherStep_SetsTheDeadline()
    {
        var outcome = await Scenario()
            .Given("d-1", new DroneAssigned("d-1", "heavy-02"))
            .When(new DeliveryRequested("d-1", "12 Quay Street", 2_500, DueBy))
            .ThenAsync();

        Assert.Equal(new RequestedTimeout(new DeliveryDeadline("d-1"), DueBy), Assert.Single(outcome.Timeouts));
    }

    [Fact]
    public async Task Events_InAnyOrder_GatherTheFlightAndStartNoDeadlineButTheRequests()
    {
        var outcome = await Scenario()
            .Given("d-1", new DroneAssigned("d-1", "heavy-02"), new DeliveryPackaged("d-1", "medium"))
            .When(new DeliveryScheduled("d-1", Departure, 2_500))
            .ThenAsync();

        Assert.Empty(outcome.Timeouts);
        Assert.Equal(new DeliverySaga(Departure, "heavy-02", "medium"), outcome.Saga!.State);
        Assert.True(outcome.Saga.State.Dispatched);
    }

    [Fact]
    public async Task DropOff_Confirmed_CompletesTheDelivery()
    {
        var outcome = await Scenario()
            .Given("d-1", new DeliveryRequested("d-1", "12 Quay Street", 2_500, DueBy), new DroneAssigned("d-1", "heavy-02"))
            .When(new ConfirmDropOff("d-1"))
            .ThenAsync(new DeliveryCompleted("d-1", "heavy-02"));

        Assert.True(outcome.Saga!.Completed);
    }

    [Fact]
    public async Task DropOff_OvertakingTheFlow_CompletesTheDelivery()
    {
        var outcome = await Scenario()
            .When(new ConfirmDropOff("d-1"), "d-1")
            .ThenAsync(new DeliveryCompleted("d-1", "unknown"));

        Assert.True(outcome.Saga!.Completed);
    }

    [Fact]
    public async Task Request_AfterTheDropOff_SetsNoDeadline()
    {
        var outcome = await Scenario()
            .Given("d-1", new ConfirmDropOff("d-1"))
            .When(new DeliveryRequested("d-1", "12 Quay Street", 2_500, DueBy))
            .ThenAsync();

        Assert.Empty(outcome.Timeouts);
        Assert.True(outcome.Saga!.Completed);
    }

    [Fact]
    public async Task Deadline_DeliveryUnfinished_MakesItOverdue()
    {
        var outcome = await Scenario()
            .Given("d-1", new DeliveryRequested("d-1", "12 Quay Street", 2_500, DueBy))
            .When(new DeliveryDeadline("d-1"))
            .ThenAsync(new DeliveryOverdue("d-1", Dispatched: false));

        Assert.True(outcome.Saga!.Completed);
    }

    [Fact]
    public async Task Deadline_AfterTheDropOff_IsDropped()
    {
        var outcome = await Scenario()
            .Given("d-1", new DeliveryRequested("d-1", "12 Quay Street", 2_500, DueBy), new ConfirmDropOff("d-1"))
            .When(new DeliveryDeadline("d-1"))
            .ThenAsync();

        Assert.True(outcome.Saga!.Completed);
    }

    [Fact]
    public async Task Scenario_SagaRaisesSomethingElse_Fails()
    {
        var scenario = Scenario()
            .Given("d-1", new DeliveryRequested("d-1", "12 Quay Street", 2_500, DueBy))
            .When(new DeliveryDeadline("d-1"));

        await Assert.ThrowsAsync<ScenarioFailedException>(() => scenario.ThenAsync(new DeliveryOverdue("d-1", Dispatched: true)));
    }
}
