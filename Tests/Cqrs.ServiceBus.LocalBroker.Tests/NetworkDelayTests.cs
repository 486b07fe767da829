using System.Diagnostics;
using Azure.Messaging.ServiceBus;

namespace Cqrs.ServiceBus.LocalBroker.Tests;

public sealed class NetworkDelayTests
{
    private static readonly TimeSpan Patience = TimeSpan.FromSeconds(30);

    [Fact]
    public async Task DelayedNetwork_CarriesMessagesIntact_SmallAndLargerThanOneChunk()
    {
        await using var broker = await StartAsync(TimeSpan.FromMilliseconds(5));
        await using var client = new ServiceBusClient(broker.ConnectionString);
        await using var sender = client.CreateSender("q");
        var bodies = new[] { "small", new string('x', 200_000), string.Concat(Enumerable.Range(0, 30_000).Select(i => (char)('a' + (i % 26)))) };

        using var batch = await sender.CreateMessageBatchAsync();
        foreach (var (body, index) in bodies.Select((body, index) => (body, index)))
        {
            Assert.True(batch.TryAddMessage(new ServiceBusMessage(body) { MessageId = $"m{index}" }));
        }

        await sender.SendMessagesAsync(batch).WaitAsync(Patience);

        await using var receiver = client.CreateReceiver("q");
        var received = new Dictionary<string, string>();
        while (received.Count < bodies.Length)
        {
            var message = await receiver.ReceiveMessageAsync(Patience).WaitAsync(Patience * 2);
            Assert.NotNull(message);
            received[message.MessageId] = message.Body.ToString();
            await receiver.CompleteMessageAsync(message).WaitAsync(Patience);
        }

        Assert.Equal(bodies, Enumerable.Range(0, bodies.Length).Select(index => received[$"m{index}"]));
        Assert.Null(await receiver.PeekMessageAsync().WaitAsync(Patience));
    }

    [Fact]
    public async Task DelayedNetwork_HoldsEachRoundTripAtLeastTwiceTheDelay()
    {
        var delay = TimeSpan.FromMilliseconds(100);
        await using var broker = await StartAsync(delay);
        await using var client = new ServiceBusClient(broker.ConnectionString);
        await using var sender = client.CreateSender("q");
        await sender.SendMessageAsync(new ServiceBusMessage("opens the connection and link")).WaitAsync(Patience);

        // A lower bound only: a slow machine makes the send longer, never shorter than the network's round trip.
        var elapsed = Stopwatch.StartNew();
        await sender.SendMessageAsync(new ServiceBusMessage("one round trip")).WaitAsync(Patience);

        Assert.True(elapsed.Elapsed >= delay * 2, $"a send took {elapsed.Elapsed.TotalMilliseconds} ms");
    }

    [Fact]
    public async Task NegativeNetworkDelay_IsRefusedAtStart()
    {
        await Assert.ThrowsAsync<ArgumentOutOfRangeException>(() => StartAsync(TimeSpan.FromMilliseconds(-1)));
    }

    private static Task<LocalServiceBusBroker> StartAsync(TimeSpan delay) =>
        LocalServiceBusBroker.StartAsync(new BrokerTopology().AddQueue("q"), new LocalServiceBusBrokerOptions { NetworkDelay = delay });
}
