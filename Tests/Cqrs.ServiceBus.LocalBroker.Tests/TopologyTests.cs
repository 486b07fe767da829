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
    public void Topology_WithADuplicateName_IsRefused()
    {
        var topology = new BrokerTopology().AddQueue("same").AddTopic("SAME", _ => { });

        Assert.Throws<ArgumentException>(() => LocalServiceBusBroker.StartAsync(topology).GetAwaiter().GetResult());
    }
}
