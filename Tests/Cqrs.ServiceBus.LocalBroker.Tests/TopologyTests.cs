using Azure.Messaging.ServiceBus;

namespace Cqrs.ServiceBus.LocalBroker.Tests;

public sealed class TopologyTests
{
    private const string Json = """
        {
          "queues": [ { "name": "commands", "lockDuration": "00:00:05", "maxDeliveryCount": 3 } ],
          "topics": [
            { "name": "events", "subscriptions": [
              { "name": "billing", "filter": { "subject": "OrderPlaced", "applicationProperties": { "region": "eu" } } }
            ] }
          ]
        }
        """;

    [Fact]
    public async Task JsonTopology_ServesItsQueuesAndFilteredSubscriptions()
    {
        var topology = BrokerTopology.FromJson(Json);
        Assert.Equal(TimeSpan.FromSeconds(5), topology.Queues.Single().LockDuration);
        Assert.Equal(3, topology.Queues.Single().MaxDeliveryCount);
        await using var broker = await LocalServiceBusBroker.StartAsync(topology);
        await using var client = new ServiceBusClient(broker.ConnectionString);

        await using var sender = client.CreateSender("events");
        await sender.SendMessagesAsync(
        [
            new ServiceBusMessage("us") { MessageId = "us", Subject = "OrderPlaced", ApplicationProperties = { ["region"] = "us" } },
            new ServiceBusMessage("eu") { MessageId = "eu", Subject = "OrderPlaced", ApplicationProperties = { ["region"] = "eu" } },
        ]);
        await using var receiver = client.CreateReceiver("events", "billing");
        var received = await receiver.ReceiveMessageAsync(TimeSpan.FromSeconds(30));

        Assert.Equal("eu", received?.MessageId);
        await receiver.CompleteMessageAsync(received!);
        Assert.Null(await receiver.PeekMessageAsync());
    }

    [Fact]
    public void JsonTopology_ReadsDuplicateDetection_WithTheServicesDefaultWindow()
    {
        var topology = BrokerTopology.FromJson("""
            {
              "queues": [ { "name": "commands", "requiresDuplicateDetection": true, "duplicateDetectionHistoryTimeWindow": "00:01:00" }, { "name": "plain" } ],
              "topics": [ { "name": "events", "requiresDuplicateDetection": true } ]
            }
            """);

        Assert.Equal((true, TimeSpan.FromMinutes(1)), (topology.Queues[0].RequiresDuplicateDetection, topology.Queues[0].DuplicateDetectionHistoryTimeWindow));
        Assert.Equal((false, TimeSpan.FromMinutes(10)), (topology.Queues[1].RequiresDuplicateDetection, topology.Queues[1].DuplicateDetectionHistoryTimeWindow));
        Assert.Equal((true, TimeSpan.FromMinutes(10)), (topology.Topics[0].RequiresDuplicateDetection, topology.Topics[0].DuplicateDetectionHistoryTimeWindow));
    }

    [Theory]
    [InlineData("queue", 19)]
    [InlineData("queue", 7 * 24 * 3600 + 1)]
    [InlineData("topic", 19)]
    [InlineData("topic", 7 * 24 * 3600 + 1)]
    public void Topology_WithADuplicateDetectionWindowOutsideTheServicesRange_IsRefused(string kind, int seconds)
    {
        var window = TimeSpan.FromSeconds(seconds);
        var topology = kind == "queue"
            ? new BrokerTopology().AddQueue("commands", queue => queue.DuplicateDetectionHistoryTimeWindow = window)
            : new BrokerTopology().AddTopic("commands", topic => topic.DuplicateDetectionHistoryTimeWindow = window);

        var refused = Assert.Throws<ArgumentException>(() => LocalServiceBusBroker.StartAsync(topology).GetAwaiter().GetResult());

        Assert.Equal($"Entity 'commands': DuplicateDetectionHistoryTimeWindow must be from 00:00:20 to 7.00:00:00, as in Service Bus; it is {window}.", refused.Message);
    }

    [Theory]
    [InlineData(20)]
    [InlineData(7 * 24 * 3600)]
    public async Task Topology_WithADuplicateDetectionWindowAtTheServicesLimits_Starts(int seconds)
    {
        var window = TimeSpan.FromSeconds(seconds);

        await using var broker = await LocalServiceBusBroker.StartAsync(new BrokerTopology()
            .AddQueue("commands", queue => queue.DuplicateDetectionHistoryTimeWindow = window)
            .AddTopic("events", topic => topic.DuplicateDetectionHistoryTimeWindow = window));

        Assert.NotEqual(0, broker.Port);
    }

    [Fact]
    public void Topology_WithADuplicateName_IsRefused()
    {
        var topology = new BrokerTopology().AddQueue("same").AddTopic("SAME", _ => { });

        Assert.Throws<ArgumentException>(() => LocalServiceBusBroker.StartAsync(topology).GetAwaiter().GetResult());
    }
}
