using Azure.Messaging.ServiceBus;
using Azure.Messaging.ServiceBus.Administration;
using Cqrs.ServiceBus;
using Cqrs.ServiceBus.LocalBroker;
using Cqrs.ServiceBus.LocalBroker.Topology;
using Cqrs.Testing;
using Cqrs.Testing.Domain.Faults;
using Cqrs.Testing.Domain.Orders;
using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Shared;
using Cqrs.Transports;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.ServiceBus.Tests;

/// <summary>
/// <see cref="ServiceBusOptions.SubscriptionPerHandler"/> on a local broker started empty, provisioned by the transport
/// (<see cref="ServiceBusOptions.ProvisionTopology"/>): each event handler receives from a subscription of its own, so a
/// failing handler's retries and dead letter stay in its subscription and never re-run the others.
/// </summary>
public sealed class SubscriptionPerHandlerTests : IAsyncDisposable
{
    private readonly ServiceBusTestHost _host = new();
    private readonly LocalServiceBusBroker _broker;

    public SubscriptionPerHandlerTests() => _broker = _host.StartBroker(new BrokerTopology());

    public ValueTask DisposeAsync() => _host.DisposeAsync();

    [Fact]
    public async Task HandlerThatAlwaysFails_IsDeadLetteredInItsOwnSubscription_AndTheOthersRunOnce()
    {
        await using var provider = Create();
        var recorder = provider.GetRequiredService<Recorder>();
        var topology = provider.GetRequiredService<ServiceBusTopology>();
        var flaky = new FlakyEvent(Guid.NewGuid(), Failures: int.MaxValue);

        var sent = await provider.GetRequiredService<IEventBus>().PublishAsync(flaky);

        var deadLetters = _host.DeadLettersOf(_broker, topology.EventTopic, SubscriptionOf<FlakyEventHandler>(topology));
        var letter = Assert.Single(await TransportContractTests.WaitForDeadLettersAsync(deadLetters));
        await recorder.WaitForAsync<FirstSteadyHandler>();
        await recorder.WaitForAsync<SecondSteadyHandler>();
        await provider.DisposeAsync(); // lets deliveries under way (the retry copies the others skip) settle
        Assert.Single(recorder.Of<FirstSteadyHandler>());
        Assert.Single(recorder.Of<SecondSteadyHandler>());
        Assert.Equal((sent.MessageId, DeadLetterReasons.HandlerFailed), (letter.MessageId, letter.Reason));
        Assert.Contains(typeof(InjectedFailureException).FullName!, letter.Description, StringComparison.Ordinal);
        Assert.Contains($"at event {flaky.Id} failed on purpose.", letter.Description, StringComparison.Ordinal);
        Assert.Single(deadLetters());
        Assert.Empty(_host.DeadLettersOf(_broker, topology.EventTopic, SubscriptionOf<FirstSteadyHandler>(topology))());
        Assert.Empty(_host.DeadLettersOf(_broker, topology.EventTopic, SubscriptionOf<SecondSteadyHandler>(topology))());
    }

    [Fact]
    public async Task CommandToEventToTwoHandlers_RoundTrips_OnSubscriptionsProvisionedPerHandler()
    {
        await using var provider = Create();
        var recorder = provider.GetRequiredService<Recorder>();
        var topology = provider.GetRequiredService<ServiceBusTopology>();

        await provider.GetRequiredService<ICommandBus>().SendAsync(SampleOrders.Valid());

        await recorder.WaitForAsync<ReserveInventory>();
        await recorder.WaitForAsync<NotifyCustomer>();
        var admin = new ServiceBusAdministrationClient(_broker.AdministrationConnectionString);
        foreach (var handler in new[] { typeof(ReserveInventory), typeof(NotifyCustomer) })
        {
            var subscription = Assert.Single(topology.HandlerSubscriptions, subscription => subscription.Handler == handler.FullName);
            Assert.InRange(subscription.Name.Length, 1, 50);
            Assert.Equal(["tests.v1.order-submitted"], await SubjectsFilteredAsync(admin, topology.EventTopic, subscription.Name));
        }

        Assert.False(await admin.SubscriptionExistsAsync(topology.EventTopic, topology.Subscription));
    }

    private ServiceProvider Create() =>
        ServiceBusTestHost.CreateProvisioning(_broker, settings => settings.SubscriptionPerHandler = true);

    private static string SubscriptionOf<THandler>(ServiceBusTopology topology) =>
        Assert.Single(topology.HandlerSubscriptions, subscription => subscription.Handler == typeof(THandler).FullName).Name;

    private static async Task<List<string>> SubjectsFilteredAsync(ServiceBusAdministrationClient admin, string topic, string subscription)
    {
        var subjects = new List<string>();
        await foreach (var rule in admin.GetRulesAsync(topic, subscription))
        {
            subjects.Add(((CorrelationRuleFilter)rule.Filter).Subject);
        }

        return subjects;
    }
}
