using Azure.Messaging.ServiceBus;
using Azure.Messaging.ServiceBus.Administration;
using Cqrs.ServiceBus.LocalBroker;
using Cqrs.ServiceBus.LocalBroker.Topology;
using Cqrs.Testing.Domain.Faults;
using Cqrs.Testing.Domain.Orders;
using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Shared;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;

namespace Cqrs.ServiceBus.Tests;

/// <summary>
/// Processes that run different handlers (<see cref="CqrsOptions.Receive"/>) on one local broker, each provisioning what it
/// receives from: a process receives only for its own handlers, the messages of the others wait for the processes that
/// run them, and every handler runs once per message.
/// </summary>
public sealed class ReceiveSelectionTests : IAsyncLifetime
{
    private static readonly string Inventory = typeof(ReserveInventory).FullName!;

    private LocalServiceBusBroker _broker = null!;

    public async Task InitializeAsync() => _broker = await LocalServiceBusBroker.StartAsync(new BrokerTopology());

    public async Task DisposeAsync() => await _broker.DisposeAsync();

    [Fact]
    public async Task HandlersSplit_WithASubscriptionPerHandler_EachProcessReceivesItsOwn_AndTheOthersMessagesWaitForTheirProcess()
    {
        using var others = CreateHost(options => options.Receive.ExceptHandlers = [Inventory], PerHandler);
        using var inventory = CreateHost(options => options.Receive.Handlers = [Inventory], PerHandler);
        var topology = inventory.Services.GetRequiredService<ServiceBusTopology>();
        await StartProvisionedAsync(others);
        await StartProvisionedAsync(inventory);

        await others.StopAsync();
        var published = new List<Guid>();
        for (var sent = 0; sent < 5; sent++)
        {
            published.Add((await inventory.Services.GetRequiredService<IEventBus>().PublishAsync(NewOrderSubmitted())).MessageId);
        }

        var reserved = inventory.Services.GetRequiredService<Recorder>();
        await reserved.WaitUntilAsync(deliveries => published.All(id => deliveries.Any(delivery => delivery.MessageId == id)));
        var subscriptions = SubscriptionsOf(others.Services.GetRequiredService<ServiceBusTopology>(), typeof(NotifyCustomer));
        Assert.Superset(published.ToHashSet(), (await PeekAsync(topology.EventTopic, subscriptions)).ToHashSet());
        Assert.Equal([Inventory], topology.HandlerSubscriptions.Select(subscription => subscription.Handler));
        Assert.Empty(topology.HandledCommands);
        Assert.All(reserved.Deliveries, delivery => Assert.Equal(typeof(ReserveInventory), delivery.Handler));

        using var othersAgain = CreateHost(options => options.Receive.ExceptHandlers = [Inventory], PerHandler);
        var notified = othersAgain.Services.GetRequiredService<Recorder>();
        await othersAgain.StartAsync();
        await notified.WaitUntilAsync(deliveries => published.All(id => deliveries.Any(delivery => delivery.MessageId == id && delivery.Handler == typeof(NotifyCustomer))));
        await othersAgain.StopAsync();
        Assert.DoesNotContain(notified.Deliveries, delivery => delivery.Handler == typeof(ReserveInventory));
    }

    [Fact]
    public async Task HandlersSplit_OnSubscriptionsOfTheirOwn_RunEachHandlerOncePerMessage_InItsProcess()
    {
        const int Orders = 20;
        using var others = CreateHost(options => options.Receive.ExceptHandlers = [Inventory]);
        using var inventory = CreateHost(options => options.Receive.Handlers = [Inventory], settings => settings.Subscription = "inventory");
        await others.StartAsync();
        await inventory.StartAsync();

        for (var sent = 0; sent < Orders; sent++)
        {
            await inventory.Services.GetRequiredService<ICommandBus>().SendAsync(SampleOrders.Valid());
        }

        var handled = others.Services.GetRequiredService<Recorder>();
        var reserved = inventory.Services.GetRequiredService<Recorder>();
        await handled.WaitForAsync<NotifyCustomer>(Orders);
        await reserved.WaitForAsync<ReserveInventory>(Orders);
        await inventory.StopAsync();
        await others.StopAsync();
        Assert.Equal(Orders, handled.Of<SubmitOrderHandler>().Count);
        Assert.Equal(Orders, handled.Of<NotifyCustomer>().Select(delivery => delivery.MessageId).Distinct().Count());
        Assert.Equal(Orders, reserved.Of<ReserveInventory>().Select(delivery => delivery.MessageId).Distinct().Count());
        Assert.Equal((Orders, Orders), (handled.Deliveries.Count(delivery => delivery.Handler == typeof(NotifyCustomer)), reserved.Deliveries.Count));
        Assert.DoesNotContain(handled.Deliveries, delivery => delivery.Handler == typeof(ReserveInventory));
        var topology = inventory.Services.GetRequiredService<ServiceBusTopology>();
        Assert.Empty(topology.HandledCommands);
        Assert.Equal(["tests.v1.order-submitted"], await FilteredSubjectsAsync(topology.EventTopic, "inventory"));
    }

    [Fact]
    public async Task ReceiveHandlers_OfSomeCommandsOnly_FailTheStart_NamingTheCommandsLeftOut()
    {
        using var host = CreateHost(options => options.Receive.Handlers = [typeof(SubmitOrderHandler).FullName!]);

        var error = await Assert.ThrowsAsync<InvalidOperationException>(() => host.StartAsync());

        Assert.Contains("runs the handlers of tests.v1.submit-order but not of ", error.Message, StringComparison.Ordinal);
        Assert.Contains("tests.v1.flaky-command", error.Message, StringComparison.Ordinal);
        Assert.Contains("the queue 'cqrs-commands'", error.Message, StringComparison.Ordinal);
    }

    private static void PerHandler(ServiceBusOptions settings) => settings.SubscriptionPerHandler = true;

    private static OrderSubmitted NewOrderSubmitted() => new(Guid.NewGuid(), 1m, ItemCount: 1, OrderPriority.Standard);

    private static string SubscriptionsOf(ServiceBusTopology topology, Type handler) =>
        Assert.Single(topology.HandlerSubscriptions, subscription => subscription.Handler == handler.FullName).Name;

    private IHost CreateHost(Action<CqrsOptions> configure, Action<ServiceBusOptions>? transport = null) =>
        ServiceBusTestHost.CreateHost(_broker, configure, transport);

    /// <summary>Starts a process and waits until it has provisioned what it receives from: a send returns only then.</summary>
    private static async Task StartProvisionedAsync(IHost host)
    {
        await host.StartAsync();
        await host.Services.GetRequiredService<IEventBus>().PublishAsync(new FlakyEvent(Guid.NewGuid(), Failures: 0));
    }

    private async Task<IReadOnlyList<Guid>> PeekAsync(string topic, string subscription)
    {
        await using var client = new ServiceBusClient(_broker.ConnectionString);
        await using var receiver = client.CreateReceiver(topic, subscription);
        return [.. (await receiver.PeekMessagesAsync(maxMessages: 1000, fromSequenceNumber: 0)).Select(message => Guid.Parse(message.MessageId))];
    }

    private async Task<List<string>> FilteredSubjectsAsync(string topic, string subscription)
    {
        var admin = new ServiceBusAdministrationClient(_broker.AdministrationConnectionString);
        var subjects = new List<string>();
        await foreach (var rule in admin.GetRulesAsync(topic, subscription))
        {
            subjects.Add(((CorrelationRuleFilter)rule.Filter).Subject);
        }

        return subjects;
    }
}
