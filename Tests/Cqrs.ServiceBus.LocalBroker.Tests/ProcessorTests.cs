using System.Collections.Concurrent;
using Azure.Messaging.ServiceBus;

namespace Cqrs.ServiceBus.LocalBroker.Tests;

public sealed class ProcessorTests : BrokerTest
{
    private const int MessageCount = 500;

    protected override BrokerTopology Topology() => new BrokerTopology().AddQueue("load");

    [Fact]
    public async Task Processor_WithConcurrencyAndPrefetch_HandlesEveryMessageExactlyOnce()
    {
        await SendNumbered(MessageCount);
        var handled = new ConcurrentDictionary<string, int>();
        var concurrent = 0;
        var maxConcurrent = 0;
        var done = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        await using var processor = Client.CreateProcessor("load", new ServiceBusProcessorOptions { MaxConcurrentCalls = 8, PrefetchCount = 50 });
        processor.ProcessMessageAsync += async args =>
        {
            var now = Interlocked.Increment(ref concurrent);
            ProcessorRuns.RaiseTo(ref maxConcurrent, now);
            await Task.Yield();
            Interlocked.Decrement(ref concurrent);
            handled.AddOrUpdate(args.Message.MessageId, 1, (_, count) => count + 1);
            if (handled.Count == MessageCount)
            {
                done.TrySetResult();
            }
        };
        processor.ProcessErrorAsync += ProcessorRuns.FailOn(done);

        await ProcessorRuns.RunUntil(done, processor.StartProcessingAsync, processor.StopProcessingAsync, Patience);

        Assert.Equal(MessageCount, handled.Count);
        Assert.All(handled.Values, count => Assert.Equal(1, count));
        Assert.True(maxConcurrent > 1, "The handler never ran concurrently.");
        await using var receiver = Client.CreateReceiver("load");
        Assert.Null(await receiver.PeekMessageAsync()); // every message completed, none released into limbo
    }

    [Fact]
    public async Task PrefetchingReceiver_ReceivesEveryMessage_AndClosingReleasesTheRestUncounted()
    {
        await SendNumbered(30);
        var ids = new HashSet<string>();
        await using (var receiver = Client.CreateReceiver("load", new ServiceBusReceiverOptions { PrefetchCount = 20 }))
        {
            while (ids.Count < 10)
            {
                var message = await ReceiveOne(receiver);
                ids.Add(message.MessageId);
                await receiver.CompleteMessageAsync(message);
            }
        }

        await using var next = Client.CreateReceiver("load");
        while (ids.Count < 30)
        {
            var message = await ReceiveOne(next);
            Assert.Equal(1, message.DeliveryCount); // released from the closed prefetch buffer, not counted
            Assert.True(ids.Add(message.MessageId), $"{message.MessageId} was delivered twice.");
            await next.CompleteMessageAsync(message);
        }
    }

    [Fact]
    public async Task Credit_IsExact_AMessageBeyondAReceiversCreditStaysAvailableToOthers()
    {
        await SendNumbered(2);
        await using var holder = Client.CreateReceiver("load");
        var held = await ReceiveOne(holder); // credit 1: the second message must not be locked for this link

        await using var other = Client.CreateReceiver("load");
        var second = await ReceiveOne(other);

        Assert.NotEqual(held.MessageId, second.MessageId);
        Assert.Equal(1, second.DeliveryCount);
    }

    private async Task SendNumbered(int count)
    {
        await using var sender = Client.CreateSender("load");
        var queue = new Queue<ServiceBusMessage>(Enumerable.Range(0, count).Select(i => Message($"m-{i}")));
        while (queue.Count > 0)
        {
            using var batch = await sender.CreateMessageBatchAsync();
            while (queue.Count > 0 && batch.TryAddMessage(queue.Peek()))
            {
                queue.Dequeue();
            }

            await sender.SendMessagesAsync(batch);
        }
    }
}
