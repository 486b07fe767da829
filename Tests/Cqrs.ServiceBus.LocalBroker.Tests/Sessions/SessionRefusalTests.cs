using Azure.Messaging.ServiceBus;

namespace Cqrs.ServiceBus.LocalBroker.Tests.Sessions;

/// <summary>What the service refuses around sessions, refused with its reasons: receivers of the wrong kind, and sends without a SessionId.</summary>
public sealed class SessionRefusalTests : BrokerTest
{
    protected override BrokerTopology Topology() => new BrokerTopology()
        .AddQueue("orders", queue => queue.RequiresSession = true)
        .AddQueue("plain")
        .AddTopic("events", topic => topic
            .AddSubscription("by-session", subscription =>
            {
                subscription.RequiresSession = true;
                subscription.Filter = new CorrelationFilterOptions { Subject = "ordered" };
            })
            .AddSubscription("all"));

    [Fact]
    public async Task ReceiverWithoutSession_OnAnEntityThatRequiresSessions_IsRefused()
    {
        await using var receiver = Client.CreateReceiver("orders");

        var error = await Assert.ThrowsAsync<InvalidOperationException>(() => receiver.ReceiveMessageAsync(Patience));

        Assert.Contains("requires sessions", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task SessionReceiver_OnAnEntityWithoutSessions_IsRefused()
    {
        var error = await Assert.ThrowsAsync<InvalidOperationException>(() => Client.AcceptNextSessionAsync("plain"));

        Assert.Contains("does not require sessions", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Send_WithoutSessionId_ToAnEntityThatRequiresSessions_IsRefused_AndNothingIsStored()
    {
        await using var sender = Client.CreateSender("orders");

        var error = await Assert.ThrowsAsync<InvalidOperationException>(() => sender.SendMessageAsync(Message("no-session")));
        await Assert.ThrowsAsync<InvalidOperationException>(() => sender.SendMessagesAsync([SessionMessage("a", "fine"), Message("no-session")]));
        await Assert.ThrowsAsync<InvalidOperationException>(() => sender.ScheduleMessageAsync(Message("no-session"), DateTimeOffset.UtcNow.AddMinutes(1)));

        Assert.Contains("SessionId was not set", error.Message, StringComparison.Ordinal);
        await sender.SendMessageAsync(SessionMessage("a", "after"));
        await using var receiver = await Client.AcceptNextSessionAsync("orders");
        Assert.Equal(("a", "after"), (receiver.SessionId, (await ReceiveOne(receiver)).MessageId));
    }

    [Fact]
    public async Task Send_WithoutSessionId_ToATopic_IsRefusedOnlyWhenASubscriptionRequiringSessionsWouldGetIt()
    {
        await using var sender = Client.CreateSender("events");

        await Assert.ThrowsAsync<InvalidOperationException>(() => sender.SendMessageAsync(new ServiceBusMessage("x") { MessageId = "ordered", Subject = "ordered" }));
        await sender.SendMessageAsync(new ServiceBusMessage("x") { MessageId = "other", Subject = "other" });

        await using var all = Client.CreateReceiver("events", "all");
        Assert.Equal("other", (await ReceiveOne(all)).MessageId);
    }
}
