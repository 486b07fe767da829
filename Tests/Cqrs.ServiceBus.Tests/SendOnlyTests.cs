using Azure.Messaging.ServiceBus;
using Cqrs.ServiceBus.LocalBroker;
using Cqrs.ServiceBus.LocalBroker.Topology;
using Cqrs.Testing.Domain.Orders;
using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Shared;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Cqrs.ServiceBus.Tests;

/// <summary>
/// <see cref="CqrsOptions.SendOnly"/> over the real client and a local broker: the process opens no receiver at all, so
/// what it sends waits on the broker for the processes that receive.
/// </summary>
public sealed class SendOnlyTests : IAsyncLifetime
{
    private readonly BrokerLinks _links = new();
    private readonly LoggerFactory _brokerLogs;
    private LocalServiceBusBroker _broker = null!;

    public SendOnlyTests() => _brokerLogs = new LoggerFactory([_links]);

    /// <summary>The entities as infrastructure would create them: the send-only process has no subscription of its own to provision.</summary>
    public async Task InitializeAsync()
    {
        var names = new ServiceBusOptions();
        var topology = new BrokerTopology()
            .AddQueue(names.CommandQueue)
            .AddTopic(names.EventTopic, topic => topic.AddSubscription(names.Subscription));
        _broker = await LocalServiceBusBroker.StartAsync(topology, new LocalServiceBusBrokerOptions { LoggerFactory = _brokerLogs });
    }

    public async Task DisposeAsync()
    {
        await _broker.DisposeAsync();
        _brokerLogs.Dispose();
    }

    [Fact]
    public async Task SendOnly_OpensNoReceiver_AndWhatItSendsWaitsOnTheBrokerForAProcessThatReceives()
    {
        const int Commands = 50;
        const int Events = 10;
        var names = new ServiceBusOptions();
        using (var sendOnly = ServiceBusTestHost.CreateHost(_broker, options => options.SendOnly = true))
        {
            await sendOnly.StartAsync();
            var bus = sendOnly.Services.GetRequiredService<ICommandBus>();
            for (var sent = 0; sent < Commands; sent++)
            {
                await bus.SendAsync(SampleOrders.Valid());
            }

            for (var sent = 0; sent < Events; sent++)
            {
                await sendOnly.Services.GetRequiredService<IEventBus>().PublishAsync(new OrderSubmitted(Guid.NewGuid(), 1m, ItemCount: 1, OrderPriority.Standard));
            }

            await sendOnly.StopAsync(); // waits for the receivers it started, had it started any
            Assert.Empty(sendOnly.Services.GetRequiredService<Recorder>().Deliveries);
        }

        Assert.DoesNotContain(_links.ReceivedFrom, address => address.Contains(names.CommandQueue, StringComparison.Ordinal) || address.Contains(names.EventTopic, StringComparison.Ordinal));
        Assert.Equal(0, _broker.Operations.Receives);
        Assert.Equal((Commands, Events), (await WaitingAsync(names.CommandQueue, subscription: null), await WaitingAsync(names.EventTopic, names.Subscription)));

        using var receiving = ServiceBusTestHost.CreateHost(_broker);
        var recorder = receiving.Services.GetRequiredService<Recorder>();
        await receiving.StartAsync();
        await recorder.WaitForAsync<SubmitOrderHandler>(Commands);
        await recorder.WaitForAsync<ReserveInventory>(Commands + Events);
        await receiving.StopAsync();
        Assert.Contains(_links.ReceivedFrom, address => address.Contains(names.CommandQueue, StringComparison.Ordinal)); // the broker does log receivers
    }

    /// <summary>The messages waiting in a queue or subscription, peeked (not received) with the real client.</summary>
    private async Task<int> WaitingAsync(string entity, string? subscription)
    {
        await using var client = new ServiceBusClient(_broker.ConnectionString);
        await using var receiver = subscription is null ? client.CreateReceiver(entity) : client.CreateReceiver(entity, subscription);
        return (await receiver.PeekMessagesAsync(maxMessages: 1000, fromSequenceNumber: 0)).Count;
    }
}
