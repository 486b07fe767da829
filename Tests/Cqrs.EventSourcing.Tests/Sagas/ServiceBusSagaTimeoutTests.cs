using Azure.Messaging.ServiceBus;
using Cqrs.EventSourcing.InMemory;
using Cqrs.EventSourcing.Tests.Support;
using Cqrs.ServiceBus.LocalBroker;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;

namespace Cqrs.EventSourcing.Tests.Sagas;

/// <summary>
/// Saga timeouts over the Service Bus transport (the real client, a local broker in this process): a timeout is stored
/// with the saga's state, handed to the broker as a message scheduled for its due time under its own id, forgotten
/// once the broker took it, and delivered by the broker when due; one for a completed saga is dropped and counted.
/// </summary>
public sealed class ServiceBusSagaTimeoutTests : IAsyncLifetime
{
    private readonly TallyLog _log = new();
    private LocalServiceBusBroker _broker = null!;

    public async Task InitializeAsync() => _broker = await ServiceBusBrokers.StartAsync();

    public async Task DisposeAsync() => await _broker.DisposeAsync();

    [Fact]
    public async Task Timeout_OnServiceBus_IsScheduledAtTheBrokerForItsDueTimeUnderItsIdAndForgottenOnceTaken()
    {
        using var host = CreateHost();
        using var counters = new SagaCounters(host.Services);
        await OpenAsync(host, "t-1");
        await host.Services.GetRequiredService<ICommandBus>().SendAsync(new ArmTallyLater("t-1", 3600));
        await Patience.WaitUntilAsync(async () => (await TimeoutsAsync(host)).Count == 1, () => "The timeout was not stored.");
        var stored = Assert.Single(await TimeoutsAsync(host));

        await host.StartAsync();
        await Patience.WaitUntilAsync(async () => (await TimeoutsAsync(host)).Count == 0, () => "The timeout taken by the broker was not forgotten.");

        var scheduled = Assert.Single(await _broker.PeekCommandsAsync(), message => message.Subject == "tests.tally-expired");
        Assert.Equal(stored.TimeoutId.ToString(), scheduled.MessageId);
        Assert.Equal(ServiceBusMessageState.Scheduled, scheduled.State);
        Assert.Equal(stored.DueAt.ToUnixTimeMilliseconds(), scheduled.ScheduledEnqueueTime.ToUnixTimeMilliseconds());
        Assert.False((await LoadAsync(host, "t-1")).State.Expired);
        Assert.Equal(0, counters[SagaDiagnostics.SagasTimedOut]);
        await host.StopAsync();
    }

    [Fact]
    public async Task Timeout_WhenDue_FiresThroughTheBroker()
    {
        using var host = CreateHost();
        using var counters = new SagaCounters(host.Services);
        await host.StartAsync();
        await OpenAsync(host, "t-1");

        await host.Services.GetRequiredService<ICommandBus>().SendAsync(new ArmTallyLater("t-1", 1));

        Assert.Equal(-1, await _log.ClosedAsync("t-1"));
        var saga = await LoadAsync(host, "t-1");
        Assert.True(saga.State.Expired);
        Assert.True(saga.Completed);
        Assert.Equal(1, counters[SagaDiagnostics.SagasTimedOut]);
        Assert.Empty(await TimeoutsAsync(host));
        await host.StopAsync();
    }

    [Fact]
    public async Task Timeout_ForASagaCompletedMeanwhile_IsDroppedAndCounted()
    {
        using var host = CreateHost();
        using var counters = new SagaCounters(host.Services);
        var bus = host.Services.GetRequiredService<ICommandBus>();
        await OpenAsync(host, "t-1");
        await bus.SendAsync(new ArmTally("t-1"));
        await Patience.WaitUntilAsync(async () => (await TimeoutsAsync(host)).Count == 1, () => "The timeout was not stored.");
        await bus.SendAsync(new CloseTally("t-1"));
        Assert.Equal(0, await _log.ClosedAsync("t-1"));

        // Only now does the scheduler run, and hand the timeout to the broker, which delivers it at once.
        await host.StartAsync();

        // The scheduler forgets the record once the broker has taken it, which may come after the broker delivered it
        // and the saga dropped it: wait for both.
        await Patience.WaitUntilAsync(
            () => Task.FromResult(counters[SagaDiagnostics.TimeoutsDropped] == 1),
            () => "The timeout of the completed saga was not dropped.");
        await Patience.WaitUntilAsync(async () => (await TimeoutsAsync(host)).Count == 0, () => "The timeout handed to the broker was not forgotten.");
        Assert.Equal(0, counters[SagaDiagnostics.SagasTimedOut]);
        Assert.False((await LoadAsync(host, "t-1")).State.Expired);
        await host.StopAsync();
    }

    private IHost CreateHost() => SagaHost.Create(StoreSet.InMemory(), _log, transport: cqrs => cqrs.Use(_broker));

    /// <summary>Opens the tally and waits until it is saved: the queue delivers concurrently, so a later command could overtake it.</summary>
    private static async Task OpenAsync(IHost host, string tallyId)
    {
        await host.Services.GetRequiredService<ICommandBus>().SendAsync(new OpenTally(tallyId));
        var tallies = host.Services.GetRequiredService<SagaRuntime<Tally>>();
        await Patience.WaitUntilAsync(async () => await tallies.LoadAsync(tallyId) is not null, () => $"Tally '{tallyId}' was not opened.");
    }

    private static async Task<LoadedSaga<Tally>> LoadAsync(IHost host, string tallyId) =>
        await host.Services.GetRequiredService<SagaRuntime<Tally>>().LoadAsync(tallyId) ?? throw new InvalidOperationException($"No tally '{tallyId}'.");

    private static Task<IReadOnlyList<SagaTimeoutRecord>> TimeoutsAsync(IHost host) =>
        host.Services.GetRequiredService<ISagaStore>().ReadDueTimeoutsAsync(DateTimeOffset.MaxValue, 10);
}
