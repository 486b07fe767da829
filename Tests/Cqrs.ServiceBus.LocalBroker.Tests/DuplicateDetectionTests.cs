using Azure.Messaging.ServiceBus;
using Microsoft.Extensions.Time.Testing;

namespace Cqrs.ServiceBus.LocalBroker.Tests;

/// <summary>
/// Duplicate detection as Service Bus does it: a MessageId the entity accepted within its window is accepted again
/// and dropped. The window runs on a fake clock that the tests move on. A send returns once the broker has stored
/// what it keeps, so peeking right after it shows exactly what a receiver will get.
/// </summary>
public sealed class DuplicateDetectionTests : BrokerTest
{
    private static readonly TimeSpan Window = TimeSpan.FromMinutes(1);

    private readonly FakeTimeProvider clock = new();

    protected override BrokerTopology Topology() => new BrokerTopology()
        .AddQueue("deduplicated", queue =>
        {
            queue.RequiresDuplicateDetection = true;
            queue.DuplicateDetectionHistoryTimeWindow = Window;
        })
        .AddQueue("plain")
        .AddQueue("small", queue =>
        {
            queue.RequiresDuplicateDetection = true;
            queue.MaxSizeInBytes = 4096;
        })
        .AddTopic("events", topic =>
        {
            topic.RequiresDuplicateDetection = true;
            topic.DuplicateDetectionHistoryTimeWindow = Window;
            topic.AddSubscription("all").AddSubscription("orders", subscription => subscription.Filter = new CorrelationFilterOptions { Subject = "OrderPlaced" });
        });

    protected override LocalServiceBusBrokerOptions Options() => new() { TimeProvider = clock };

    [Fact]
    public async Task RepeatWithinTheWindow_IsAcceptedAndDropped()
    {
        await using var sender = Client.CreateSender("deduplicated");
        await sender.SendMessageAsync(Message("order-1", "first"));

        clock.Advance(Window - TimeSpan.FromSeconds(1));
        await sender.SendMessageAsync(Message("order-1", "repeat"));
        await sender.SendMessageAsync(Message("order-2"));

        var kept = await PeekAll("deduplicated");
        Assert.Equal(["order-1", "order-2"], kept.Select(message => message.MessageId));
        Assert.Equal("first", kept[0].Body.ToString());
        await using var receiver = Client.CreateReceiver("deduplicated");
        Assert.Equal("order-1", (await ReceiveOne(receiver)).MessageId);
        Assert.Equal("order-2", (await ReceiveOne(receiver)).MessageId);
    }

    [Fact]
    public async Task RepeatInsideOneBatch_AndAcrossBatches_IsDropped()
    {
        await using var sender = Client.CreateSender("deduplicated");
        using var batch = await sender.CreateMessageBatchAsync();
        foreach (var (id, body) in new[] { ("a", "first"), ("b", "first"), ("a", "repeat") })
        {
            Assert.True(batch.TryAddMessage(Message(id, body)));
        }

        await sender.SendMessagesAsync(batch);
        await sender.SendMessagesAsync([Message("b", "repeat"), Message("c")]);

        var kept = await PeekAll("deduplicated");
        Assert.Equal(["a", "b", "c"], kept.Select(message => message.MessageId));
        Assert.All(kept.Take(2), message => Assert.Equal("first", message.Body.ToString()));
    }

    [Fact]
    public async Task RepeatAfterTheWindow_IsDelivered()
    {
        await using var sender = Client.CreateSender("deduplicated");
        await sender.SendMessageAsync(Message("order-1", "first"));

        clock.Advance(Window);
        await sender.SendMessageAsync(Message("order-1", "again"));
        await sender.SendMessageAsync(Message("order-1", "repeat of the again"));

        var kept = await PeekAll("deduplicated");
        Assert.Equal(["first", "again"], kept.Select(message => message.Body.ToString()));
    }

    [Fact]
    public async Task EntityWithoutDuplicateDetection_DeliversRepeats()
    {
        await using var sender = Client.CreateSender("plain");
        await sender.SendMessageAsync(Message("order-1"));
        await sender.SendMessagesAsync([Message("order-1"), Message("order-1")]);

        Assert.Equal(3, (await PeekAll("plain")).Count);
    }

    [Fact]
    public async Task ScheduledMessages_TakePartInDuplicateDetection_EitherWay()
    {
        await using var sender = Client.CreateSender("deduplicated");
        var later = clock.GetUtcNow().AddHours(1);
        var scheduled = await sender.ScheduleMessageAsync(Message("scheduled", "first"), later);

        // The service gives a dropped scheduled repeat a sequence number of its own, and keeps the first.
        var repeat = await sender.ScheduleMessageAsync(Message("scheduled", "repeat"), later);
        await sender.SendMessageAsync(Message("scheduled", "sent now"));
        await sender.SendMessageAsync(Message("sent"));
        await sender.ScheduleMessageAsync(Message("sent", "scheduled repeat"), later);

        Assert.NotEqual(scheduled, repeat);
        var kept = await PeekAll("deduplicated");
        Assert.Equal([("scheduled", "first"), ("sent", "payload")], kept.Select(message => (message.MessageId, message.Body.ToString())));
        Assert.Equal([ServiceBusMessageState.Scheduled, ServiceBusMessageState.Active], kept.Select(message => message.State));
    }

    [Fact]
    public async Task Topic_DropsARepeatBeforeAnySubscriptionGetsIt()
    {
        await using var sender = Client.CreateSender("events");
        await sender.SendMessageAsync(new ServiceBusMessage("first") { MessageId = "e1", Subject = "OrderPlaced" });
        await sender.SendMessagesAsync(
        [
            new ServiceBusMessage("repeat") { MessageId = "e1", Subject = "OrderPlaced" },
            new ServiceBusMessage("other") { MessageId = "e2", Subject = "OrderPaid" },
        ]);

        Assert.Equal(["e1", "e2"], (await PeekAll("events", "all")).Select(message => message.MessageId));
        Assert.Equal(["first"], (await PeekAll("events", "orders")).Select(message => message.Body.ToString()));
    }

    [Fact]
    public async Task SendRefusedForWantOfRoom_IsNotRemembered_SoItsRetryIsKept()
    {
        await using var sender = Client.CreateSender("small");
        var body = new string('x', 1500);
        await sender.SendMessagesAsync([Message("filler-1", body), Message("filler-2", body)]);
        var refused = await Assert.ThrowsAsync<ServiceBusException>(() => sender.SendMessageAsync(Message("retried", body)));
        Assert.Equal(ServiceBusFailureReason.QuotaExceeded, refused.Reason);

        await using var receiver = Client.CreateReceiver("small");
        await receiver.CompleteMessageAsync(await ReceiveOne(receiver));
        await sender.SendMessageAsync(Message("retried", body));

        Assert.Equal(["filler-2", "retried"], (await PeekAll("small")).Select(message => message.MessageId));
    }

    private async Task<IReadOnlyList<ServiceBusReceivedMessage>> PeekAll(string queue) => await Peek(Client.CreateReceiver(queue));

    private async Task<IReadOnlyList<ServiceBusReceivedMessage>> PeekAll(string topic, string subscription) =>
        await Peek(Client.CreateReceiver(topic, subscription));

    private static async Task<IReadOnlyList<ServiceBusReceivedMessage>> Peek(ServiceBusReceiver receiver)
    {
        await using (receiver)
        {
            return await receiver.PeekMessagesAsync(100, fromSequenceNumber: 0);
        }
    }
}
