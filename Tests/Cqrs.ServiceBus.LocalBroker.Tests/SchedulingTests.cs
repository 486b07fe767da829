using Azure.Messaging.ServiceBus;

namespace Cqrs.ServiceBus.LocalBroker.Tests;

public sealed class SchedulingTests : BrokerTest
{
    protected override BrokerTopology Topology() => new BrokerTopology()
        .AddQueue("later")
        .AddQueue("expiring", queue => queue.DeadLetteringOnMessageExpiration = true)
        .AddTopic("events", topic => topic.AddSubscription("all"));

    [Fact]
    public async Task ScheduledMessage_StaysHiddenUntilItsTime_AndCancelledOnesNeverArrive()
    {
        await using var sender = Client.CreateSender("later");
        var cancelled = await sender.ScheduleMessageAsync(Message("cancelled"), DateTimeOffset.UtcNow.AddHours(1));
        var at = OneSecondFromNow(); // taken after the first call opened the links, which may be slow
        await sender.ScheduleMessageAsync(Message("kept"), at);
        await using var receiver = Client.CreateReceiver("later");

        // The message due in an hour is still scheduled whatever this machine's speed; then it is cancelled.
        var peeked = await receiver.PeekMessageAsync();
        Assert.Equal(cancelled, peeked!.SequenceNumber);
        Assert.Equal(ServiceBusMessageState.Scheduled, peeked.State);
        await sender.CancelScheduledMessageAsync(cancelled);

        var received = await ReceiveOne(receiver);
        Assert.Equal("kept", received.MessageId);
        Assert.True(DateTimeOffset.UtcNow >= at, "A scheduled message arrived before its time.");
        await receiver.CompleteMessageAsync(received);
        Assert.Null(await receiver.PeekMessageAsync());
    }

    [Fact]
    public async Task PlainSendWithScheduledEnqueueTime_ArrivesAtThatTime()
    {
        await using var sender = Client.CreateSender("events");
        var at = OneSecondFromNow();
        var message = Message("timed");
        message.ScheduledEnqueueTime = at;
        await sender.SendMessageAsync(message);
        await using var receiver = Client.CreateReceiver("events", "all");

        var received = await ReceiveOne(receiver);

        Assert.Equal("timed", received.MessageId);
        Assert.True(DateTimeOffset.UtcNow >= at, "A scheduled message arrived before its time.");
    }

    [Fact]
    public async Task ExpiredMessage_IsDeadLetteredWithTheServicesReason()
    {
        await using var sender = Client.CreateSender("expiring");
        var message = Message("stale");
        message.TimeToLive = TimeSpan.FromMilliseconds(300);
        await sender.SendMessageAsync(message);
        await using var deadLetters = Client.CreateReceiver("expiring", new ServiceBusReceiverOptions { SubQueue = SubQueue.DeadLetter });

        var dead = await ReceiveOne(deadLetters);

        Assert.Equal("stale", dead.MessageId);
        Assert.Equal("TTLExpiredException", dead.DeadLetterReason);
    }

    /// <summary>
    /// A second from now, in whole milliseconds: the wire carries a scheduled time as an AMQP timestamp, in milliseconds,
    /// and the client truncates, so a finer time would be released up to a millisecond before it.
    /// </summary>
    private static DateTimeOffset OneSecondFromNow()
    {
        var at = DateTimeOffset.UtcNow.AddSeconds(1);
        return at.AddTicks(-(at.Ticks % TimeSpan.TicksPerMillisecond));
    }
}
