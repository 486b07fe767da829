using Cqrs.EventSourcing.Testing;
using Sample.Domain;
using Sample.Domain.Deliveries;

namespace Cqrs.EventSourcing.Tests.Sample;

public sealed class DeliverySagaScenarioTests
{
    private static readonly DateTimeOffset Departure = new(2026, 5, 1, 10, 15, 0, TimeSpan.Zero);
    private static readonly DateTimeOffset DueBy = new(2026, 5, 1, 12, 0, 0, TimeSpan.Zero);

    private static SagaScenario<DeliverySaga> Scenario() => new(services => services.AddSampleDomain().UseInMemoryStore());

    [Fact]
    public async Task The_request_starts_the_saga_and_sets_its_deadline_when_it_says()
    {
        var outcome = await Scenario()
            .When(new DeliveryRequested("d-1", "12 Quay Street", 2_500, DueBy), "d-1")
            .ThenAsync();

        var deadline = Assert.Single(outcome.Timeouts);
        Assert.Equal(new RequestedTimeout(new DeliveryDeadline("d-1"), DueBy), deadline);
        Assert.False(outcome.Saga!.Completed);
    }

    [Fact]
    public async Task A_request_after_another_step_sets_the_deadline()
    {
        var outcome = await Scenario()
            .Given("d-1", new DroneAssigned("d-1", "heavy-02"))
            .When(new DeliveryRequested("d-1", "12 Quay Street", 2_500, DueBy))
            .ThenAsync();

        Assert.Equal(new RequestedTimeout(new DeliveryDeadline("d-1"), DueBy), Assert.Single(outcome.Timeouts));
    }

    [Fact]
    public async Task Events_in_any_order_gather_the_flight_and_start_no_deadline_but_the_requests()
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
    public async Task A_confirmed_drop_off_completes_the_delivery()
    {
        var outcome = await Scenario()
            .Given("d-1", new DeliveryRequested("d-1", "12 Quay Street", 2_500, DueBy), new DroneAssigned("d-1", "heavy-02"))
            .When(new ConfirmDropOff("d-1"))
            .ThenAsync(new DeliveryCompleted("d-1", "heavy-02"));

        Assert.True(outcome.Saga!.Completed);
    }

    [Fact]
    public async Task A_drop_off_that_overtakes_the_flow_completes_the_delivery()
    {
        var outcome = await Scenario()
            .When(new ConfirmDropOff("d-1"), "d-1")
            .ThenAsync(new DeliveryCompleted("d-1", "unknown"));

        Assert.True(outcome.Saga!.Completed);
    }

    [Fact]
    public async Task A_request_after_the_drop_off_sets_no_deadline()
    {
        var outcome = await Scenario()
            .Given("d-1", new ConfirmDropOff("d-1"))
            .When(new DeliveryRequested("d-1", "12 Quay Street", 2_500, DueBy))
            .ThenAsync();

        Assert.Empty(outcome.Timeouts);
        Assert.True(outcome.Saga!.Completed);
    }

    [Fact]
    public async Task The_deadline_makes_an_unfinished_delivery_overdue()
    {
        var outcome = await Scenario()
            .Given("d-1", new DeliveryRequested("d-1", "12 Quay Street", 2_500, DueBy))
            .When(new DeliveryDeadline("d-1"))
            .ThenAsync(new DeliveryOverdue("d-1", Dispatched: false));

        Assert.True(outcome.Saga!.Completed);
    }

    [Fact]
    public async Task A_deadline_after_the_drop_off_is_dropped()
    {
        var outcome = await Scenario()
            .Given("d-1", new DeliveryRequested("d-1", "12 Quay Street", 2_500, DueBy), new ConfirmDropOff("d-1"))
            .When(new DeliveryDeadline("d-1"))
            .ThenAsync();

        Assert.True(outcome.Saga!.Completed);
    }

    [Fact]
    public async Task A_scenario_whose_saga_raises_something_else_fails()
    {
        var scenario = Scenario()
            .Given("d-1", new DeliveryRequested("d-1", "12 Quay Street", 2_500, DueBy))
            .When(new DeliveryDeadline("d-1"));

        await Assert.ThrowsAsync<ScenarioFailedException>(() => scenario.ThenAsync(new DeliveryOverdue("d-1", Dispatched: true)));
    }
}
