using System.Collections.Concurrent;
using Azure.Messaging.ServiceBus;

namespace Cqrs.ServiceBus.LocalBroker.Tests.Sessions;

/// <summary>The client's session processor: several sessions handled at once, each one message at a time and in order.</summary>
public sealed class SessionProcessorTests : BrokerTest
{
    private const int SessionCount = 4;
    private const int MessagesPerSession = 25;

    protected override BrokerTopology Topology() => new BrokerTopology().AddQueue("orders", queue => queue.RequiresSession = true);

    [Fact]
    public async Task Processor_WithMaxConcurrentSessions_HandlesSessionsAtOnce_EachInOrderOneAtATime()
    {
        await SendInterleaved();
        var handled = new ConcurrentDictionary<string, ConcurrentQueue<int>>();
        var inSession = new ConcurrentDictionary<string, int>();
        var sessionsAtOnce = 0;
        var mostSessionsAtOnce = 0;
        var overlapsInASession = 0;
        var done = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        await using var processor = Client.CreateSessionProcessor("orders", new ServiceBusSessionProcessorOptions
        {
            MaxConcurrentSessions = SessionCount,
            MaxConcurrentCallsPerSession = 1,
            PrefetchCount = 5,
        });
        processor.ProcessMessageAsync += async args =>
        {
            if (inSession.AddOrUpdate(args.SessionId, 1, (_, count) => count + 1) > 1)
            {
                Interlocked.Increment(ref overlapsInASession);
            }

            ProcessorRuns.RaiseTo(ref mostSessionsAtOnce, Interlocked.Increment(ref sessionsAtOnce));
            await Task.Yield();
            handled.GetOrAdd(args.SessionId, _ => new()).Enqueue(int.Parse(args.Message.MessageId.Split('-')[1], System.Globalization.CultureInfo.InvariantCulture));
            Interlocked.Decrement(ref sessionsAtOnce);
            inSession.AddOrUpdate(args.SessionId, 0, (_, count) => count - 1);
            if (handled.Values.Sum(queue => queue.Count) == SessionCount * MessagesPerSession)
            {
                done.TrySetResult();
            }
        };
        processor.ProcessErrorAsync += ProcessorRuns.FailOn(done);

        await ProcessorRuns.RunUntil(done, processor.StartProcessingAsync, processor.StopProcessingAsync, Patience);

        Assert.Equal(SessionCount, handled.Count);
        Assert.All(handled.Values, order => Assert.Equal(Enumerable.Range(0, MessagesPerSession), order));
        Assert.Equal(0, overlapsInASession);
        Assert.True(mostSessionsAtOnce > 1, "No two sessions were ever handled at once.");
    }

    private async Task SendInterleaved()
    {
        await using var sender = Client.CreateSender("orders");
        var messages = Enumerable.Range(0, MessagesPerSession)
            .SelectMany(index => Enumerable.Range(0, SessionCount).Select(session => SessionMessage($"s{session}", $"s{session}-{index}")));
        await sender.SendMessagesAsync(messages);
    }
}
