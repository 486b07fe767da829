using Azure.Messaging.ServiceBus;
using Azure.Messaging.ServiceBus.Administration;

namespace Cqrs.ServiceBus.LocalBroker.Tests.Sessions;

/// <summary>RequiresSession, set in a topology file or through the administration client, and read back.</summary>
public sealed class SessionConfigurationTests : BrokerTest
{
    private ServiceBusAdministrationClient Admin => new(Broker.AdministrationConnectionString);

    protected override BrokerTopology Topology() => BrokerTopology.FromJson("""
        {
          "queues": [ { "name": "configured", "requiresSession": true } ],
          "topics": [ { "name": "events", "subscriptions": [ { "name": "configured", "requiresSession": true } ] } ]
        }
        """);

    [Fact]
    public async Task JsonTopology_RequiresSession_IsServedAndReadBack()
    {
        Assert.True((await Admin.GetQueueAsync("configured")).Value.RequiresSession);
        Assert.True((await Admin.GetSubscriptionAsync("events", "configured")).Value.RequiresSession);

        await using var sender = Client.CreateSender("configured");
        await sender.SendMessageAsync(SessionMessage("a", "a-1"));
        await using var receiver = await Client.AcceptNextSessionAsync("configured");
        Assert.Equal("a-1", (await ReceiveOne(receiver)).MessageId);
    }

    [Fact]
    public async Task CreateQueue_RequiringSessions_IsReadBack_AndServesSessionReceiversOnly()
    {
        var created = await Admin.CreateQueueAsync(new CreateQueueOptions("orders") { RequiresSession = true });

        Assert.True(created.Value.RequiresSession);
        Assert.False((await Admin.CreateQueueAsync("plain")).Value.RequiresSession);
        await using var sender = Client.CreateSender("orders");
        await sender.SendMessageAsync(SessionMessage("a", "a-1"));
        await using var receiver = await Client.AcceptSessionAsync("orders", "a");
        Assert.Equal("a-1", (await ReceiveOne(receiver)).MessageId);
        await using var plain = Client.CreateReceiver("orders");
        await Assert.ThrowsAsync<InvalidOperationException>(() => plain.ReceiveMessageAsync(Patience));
    }

    [Fact]
    public async Task CreateSubscription_RequiringSessions_IsReadBack_AndServesSessionReceivers()
    {
        await Admin.CreateTopicAsync("created");
        var created = await Admin.CreateSubscriptionAsync(new CreateSubscriptionOptions("created", "by-session") { RequiresSession = true });

        Assert.True(created.Value.RequiresSession);
        await using var sender = Client.CreateSender("created");
        await sender.SendMessageAsync(SessionMessage("a", "a-1"));
        await using var receiver = await Client.AcceptNextSessionAsync("created", "by-session");
        Assert.Equal(("a", "a-1"), (receiver.SessionId, (await ReceiveOne(receiver)).MessageId));
    }
}
