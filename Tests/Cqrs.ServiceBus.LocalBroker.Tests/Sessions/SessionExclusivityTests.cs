using Azure.Messaging.ServiceBus;

namespace Cqrs.ServiceBus.LocalBroker.Tests.Sessions;

/// <summary>One receiver per session at a time: a held session is refused to others and skipped by next-available.</summary>
public sealed class SessionExclusivityTests : BrokerTest
{
    protected override BrokerTopology Topology() => new BrokerTopology().AddQueue("orders", queue => queue.RequiresSession = true);

    [Fact]
    public async Task AcceptSession_HeldByAnotherReceiver_FailsWithSessionCannotBeLocked()
    {
        await SendToSessions(("a", "a-1"));
        await using var holder = await Client.AcceptSessionAsync("orders", "a");

        var error = await Assert.ThrowsAsync<ServiceBusException>(() => Client.AcceptSessionAsync("orders", "a"));

        Assert.Equal(ServiceBusFailureReason.SessionCannotBeLocked, error.Reason);
        Assert.Equal("a-1", (await ReceiveOne(holder)).MessageId);
    }

    [Fact]
    public async Task AcceptNextSession_SkipsSessionsOthersHold()
    {
        await SendToSessions(("a", "a-1"), ("b", "b-1"));
        await using var first = await Client.AcceptNextSessionAsync("orders");

        await using var second = await Client.AcceptNextSessionAsync("orders");

        Assert.Equal(["a", "b"], new[] { first.SessionId, second.SessionId });
        Assert.Equal("b-1", (await ReceiveOne(second)).MessageId);
    }

    [Fact]
    public async Task ClosingAReceiver_ReleasesItsSessionAtOnce_WithItsUnsettledMessageCountedOnce()
    {
        await SendToSessions(("a", "a-1"), ("a", "a-2"));
        await using (var first = await Client.AcceptSessionAsync("orders", "a"))
        {
            Assert.Equal("a-1", (await ReceiveOne(first)).MessageId);
        }

        await using var next = await Client.AcceptSessionAsync("orders", "a");
        var again = await ReceiveOne(next);

        Assert.Equal(("a-1", 2), (again.MessageId, again.DeliveryCount));
        await next.CompleteMessageAsync(again);
        var following = await ReceiveOne(next);
        Assert.Equal(("a-2", 1), (following.MessageId, following.DeliveryCount));
    }

    private async Task SendToSessions(params (string SessionId, string Id)[] messages)
    {
        await using var sender = Client.CreateSender("orders");
        await sender.SendMessagesAsync(messages.Select(message => SessionMessage(message.SessionId, message.Id)));
    }
}
