using System.Diagnostics;
using Cqrs.Tests.Domain.Counting;
using Cqrs.Tests.Domain.Faults;
using Cqrs.Tests.Domain.Orders;
using Cqrs.Tests.Domain.Probes;
using Cqrs.Tests.Domain.Relays;
using Cqrs.Tests.Support;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Tests.Transports;

/// <summary>
/// What every transport must do (routing, delivery, failures, bad input), whatever carries the messages. A
/// transport's test class derives from this, says how to build a container on it and how to read its dead letters, and every case
/// here runs against it. Split by concern: routing here, failures and bad input in the other parts.
/// </summary>
public abstract partial class TransportContractTests
{
    /// <summary>
    /// Builds a container whose buses run on the transport under test, with the test domain registered and
    /// <paramref name="configure"/> applied over the test defaults.
    /// </summary>
    protected abstract ServiceProvider CreateProvider(Action<CqrsOptions>? configure = null);

    /// <summary>Returns a reader of the transport's dead letters that keeps working after <paramref name="provider"/> is disposed.</summary>
    protected abstract Func<IReadOnlyList<DeadLetter>> DeadLettersOf(IServiceProvider provider);

    /// <summary>How far a message's enqueued time may stray from the moments around its send: none for a precise clock.</summary>
    protected virtual TimeSpan EnqueuedTimeResolution => TimeSpan.Zero;

    [Fact]
    public async Task Send_Command_ReachesItsHandlerWithEveryFieldIntact()
    {
        await using var provider = CreateProvider();
        var order = SampleOrders.Valid();

        await provider.GetRequiredService<ICommandBus>().SendAsync(order);

        var delivery = Assert.Single(await provider.GetRequiredService<Recorder>().WaitForAsync<SubmitOrderHandler>());
        var received = Assert.IsType<SubmitOrder>(delivery.Message);
        Assert.Equal(order.OrderId, received.OrderId);
        Assert.Equal(order.Customer, received.Customer);
        Assert.Equal(order.Total, received.Total);
        Assert.True(order.SubmittedAt.EqualsExact(received.SubmittedAt), $"Sent {order.SubmittedAt:O}, received {received.SubmittedAt:O}.");
        Assert.Equal(order.Lines, received.Lines);
        Assert.Equal(order.Priority, received.Priority);
        Assert.Equal(order.ShipTo, received.ShipTo);
    }

    [Fact]
    public async Task Send_CommandRaisingAnEvent_ReachesEveryEventHandler()
    {
        await using var provider = CreateProvider();
        var recorder = provider.GetRequiredService<Recorder>();
        var order = SampleOrders.Valid();

        await provider.GetRequiredService<ICommandBus>().SendAsync(order);

        var expected = new OrderSubmitted(order.OrderId, order.Total, ItemCount: 4, order.Priority);
        Assert.Equal(expected, Assert.Single(await recorder.WaitForAsync<ReserveInventory>()).Message);
        Assert.Equal(expected, Assert.Single(await recorder.WaitForAsync<NotifyCustomer>()).Message);
    }

    [Fact]
    public async Task Send_CommandRaisingAnEvent_CarriesCorrelationAndCausation()
    {
        await using var provider = CreateProvider();
        var recorder = provider.GetRequiredService<Recorder>();
        var correlationId = Guid.NewGuid();

        var sent = await provider.GetRequiredService<ICommandBus>().SendAsync(SampleOrders.Valid(), correlationId);

        Assert.Equal(correlationId, sent.CorrelationId);
        var command = Assert.Single(await recorder.WaitForAsync<SubmitOrderHandler>());
        Assert.Equal((sent.MessageId, correlationId, Guid.Empty), (command.MessageId, command.CorrelationId, command.CausationId));
        var reserved = Assert.Single(await recorder.WaitForAsync<ReserveInventory>());
        var notified = Assert.Single(await recorder.WaitForAsync<NotifyCustomer>());
        Assert.All([reserved, notified], @event =>
        {
            Assert.Equal(correlationId, @event.CorrelationId);
            Assert.Equal(sent.MessageId, @event.CausationId);
            Assert.NotEqual(sent.MessageId, @event.MessageId);
        });
        Assert.Equal(reserved.MessageId, notified.MessageId);
    }

    [Fact]
    public async Task Send_CommandFromAHandler_CarriesCorrelationAndCausation()
    {
        await using var provider = CreateProvider();
        var recorder = provider.GetRequiredService<Recorder>();

        var sent = await provider.GetRequiredService<ICommandBus>().SendAsync(new Relay(Guid.NewGuid(), HopsLeft: 2));

        var finished = Assert.Single(await recorder.WaitForAsync<RelayFinishedHandler>());
        var hops = recorder.Of<RelayHandler>().OrderByDescending(hop => ((Relay)hop.Message).HopsLeft).ToList();
        Assert.Equal(3, hops.Count);
        Assert.Equal(sent.MessageId, hops[0].MessageId);
        Assert.Equal([Guid.Empty, hops[0].MessageId, hops[1].MessageId], hops.Select(hop => hop.CausationId));
        Assert.Equal(hops[2].MessageId, finished.CausationId);
        Assert.All([.. hops, finished], delivery => Assert.Equal(sent.CorrelationId, delivery.CorrelationId));
    }

    /// <summary>Longer than direct dispatch nests on one call stack: the chain goes on through the queue, its ids intact.</summary>
    [Fact]
    public async Task Send_LongChainOfCommandsFromHandlers_CarriesCorrelationAndCausationAtEveryHop()
    {
        const int Hops = 40;
        await using var provider = CreateProvider();
        var recorder = provider.GetRequiredService<Recorder>();

        var sent = await provider.GetRequiredService<ICommandBus>().SendAsync(new Relay(Guid.NewGuid(), Hops));

        var finished = Assert.Single(await recorder.WaitForAsync<RelayFinishedHandler>());
        var hops = recorder.Of<RelayHandler>().OrderByDescending(hop => ((Relay)hop.Message).HopsLeft).ToList();
        Assert.Equal(Hops + 1, hops.Count);
        Assert.Equal(sent.MessageId, hops[0].MessageId);
        Assert.Equal([Guid.Empty, .. hops.SkipLast(1).Select(hop => hop.MessageId)], hops.Select(hop => hop.CausationId));
        Assert.Equal(hops[^1].MessageId, finished.CausationId);
        Assert.All([.. hops, finished], delivery => Assert.Equal((sent.CorrelationId, 1), (delivery.CorrelationId, delivery.DeliveryCount)));
    }

    [Fact]
    public async Task Send_Command_ArrivesWithWireNameDeliveryCountAndEnqueuedTime()
    {
        await using var provider = CreateProvider();
        var recorder = provider.GetRequiredService<Recorder>();
        var before = DateTimeOffset.UtcNow;

        await provider.GetRequiredService<ICommandBus>().SendAsync(SampleOrders.Valid());

        var command = Assert.Single(await recorder.WaitForAsync<SubmitOrderHandler>());
        Assert.Equal(("tests.v1.submit-order", 1), (command.WireName, command.DeliveryCount));
        Assert.InRange(command.EnqueuedTime, before - EnqueuedTimeResolution, command.ReceivedAt + EnqueuedTimeResolution);
        var @event = Assert.Single(await recorder.WaitForAsync<ReserveInventory>());
        Assert.Equal(("tests.v1.order-submitted", 1), (@event.WireName, @event.DeliveryCount));
        Assert.InRange(@event.EnqueuedTime, command.ReceivedAt - EnqueuedTimeResolution, @event.ReceivedAt + EnqueuedTimeResolution);
    }

    [Fact]
    public async Task Send_ManyCommandsFromManyTasks_HandlesEachExactlyOnce()
    {
        const int Tasks = 8;
        const int CommandsPerTask = 1250;
        await using var provider = CreateProvider(options => options.InProcess.Concurrency = 4);
        var bus = provider.GetRequiredService<ICommandBus>();
        var tally = provider.GetRequiredService<Tally>();
        tally.Expect(Tasks * CommandsPerTask);

        await Task.WhenAll(Enumerable.Range(0, Tasks).Select(task => Task.Run(async () =>
        {
            for (var i = 0; i < CommandsPerTask; i++)
            {
                await bus.SendAsync(new Ping((task * CommandsPerTask) + i));
            }
        })));
        await tally.Done.WaitAsync(Patience.Timeout);
        await provider.DisposeAsync();

        var once = Enumerable.Repeat(1, Tasks * CommandsPerTask);
        Assert.All(Enum.GetValues<TallyColumn>(), column => Assert.Equal(once, tally.Hits(column)));
    }

    /// <summary>Waits until the transport holds at least <paramref name="count"/> dead letters, and returns them all.</summary>
    /// <exception cref="TimeoutException">Not within <see cref="Patience.Timeout"/>.</exception>
    internal static async Task<IReadOnlyList<DeadLetter>> WaitForDeadLettersAsync(Func<IReadOnlyList<DeadLetter>> deadLetters, int count = 1)
    {
        var waited = Stopwatch.StartNew();
        var letters = deadLetters();
        while (letters.Count < count)
        {
            if (waited.Elapsed > Patience.Timeout)
            {
                throw new TimeoutException($"Expected {count} dead letters within {Patience.Timeout}; found {letters.Count}.");
            }

            await Task.Delay(TimeSpan.FromMilliseconds(5));
            letters = deadLetters();
        }

        return letters;
    }
}
