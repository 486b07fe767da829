using System.Diagnostics;
using Cqrs.Testing.Domain.Counting;
using Cqrs.Testing.Domain.Faults;
using Cqrs.Testing.Domain.Orders;
using Cqrs.Testing.Domain.Probes;
using Cqrs.Testing.Domain.Relays;
using Cqrs.Transports;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Testing;

/// <summary>
/// The transport contract: what every <see cref="ITransport"/> must do, whatever carries the messages. Routing and ids
/// (here), handler failures and retries (<c>.Failures</c>), the ids of what a retried handler sends (<c>.Ids</c>), delayed
/// retries handled once more under the message's id (<c>.Copies</c>), bad input dead-lettered with its reason (<c>.BadInput</c>),
/// messages sent as their interface (<c>.RuntimeType</c>), and what a stop does to the handlers under way
/// (<c>.Stopping</c>). Derive a test class from this, say how to put the buses on your transport
/// (<see cref="UseTransport"/>) and how to read its dead letters (<see cref="DeadLettersOf"/>), and
/// every case runs against it, on the test domain of <see cref="TestDomain"/>. xunit runs each case on a new instance
/// of the derived class, which may implement <see cref="IDisposable"/> or <see cref="IAsyncDisposable"/> to clean up.
/// </summary>
/// <example>
/// <code>
/// public sealed class MyTransportContractTests : TransportContractTests
/// {
///     protected override void UseTransport(CqrsBuilder builder)
///     {
///         builder.Services.AddSingleton&lt;MyTransport&gt;();
///         builder.UseTransport(provider =&gt; provider.GetRequiredService&lt;MyTransport&gt;());
///     }
///
///     protected override Func&lt;IReadOnlyList&lt;DeadLetter&gt;&gt; DeadLettersOf(IServiceProvider provider)
///     {
///         var transport = provider.GetRequiredService&lt;MyTransport&gt;();
///         return () =&gt; transport.DeadLetters;
///     }
/// }
/// </code>
/// </example>
public abstract partial class TransportContractTests
{
    private static readonly ServiceProviderOptions Validating = new() { ValidateOnBuild = true, ValidateScopes = true };

    /// <summary>
    /// Puts the buses on the transport under test: call <see cref="CqrsBuilderExtensions.UseTransport"/>, or your package's
    /// extension that does, and register in <see cref="CqrsBuilder.Services"/> what <see cref="DeadLettersOf"/> and
    /// <see cref="InjectAsync"/> need. Called once per container, before it is built; the in-process transport needs nothing.
    /// </summary>
    protected abstract void UseTransport(CqrsBuilder builder);

    /// <summary>
    /// Returns a reader of the transport's dead letters, every one so far each time it is called, that keeps working
    /// after <paramref name="provider"/> is disposed. <see cref="DeadLetter.Body"/> is the payload as received;
    /// <see cref="DeadLetter.Handler"/> is the failed handler of an event dead-lettered for one handler.
    /// </summary>
    protected abstract Func<IReadOnlyList<DeadLetter>> DeadLettersOf(IServiceProvider provider);

    /// <summary>
    /// How far a message's enqueued time may stray from the moments around its send: none for a precise clock (the
    /// default), the clock's tick for a coarse one, 1 ms for a broker stamping whole milliseconds.
    /// </summary>
    protected virtual TimeSpan EnqueuedTimeResolution => TimeSpan.Zero;

    /// <summary>
    /// Options of the transport under test, applied over the suite's defaults (<see cref="TestDomain.ApplyDefaults"/>)
    /// and before each case's own: a mode such as <see cref="CqrsOptions.DirectDispatch"/>. Nothing by default.
    /// </summary>
    protected virtual void Configure(CqrsOptions options)
    {
    }

    /// <summary>
    /// Builds a container whose buses run on the transport under test, with the test domain registered and
    /// <paramref name="configure"/> applied over the suite's defaults and <see cref="Configure"/>. It validates itself
    /// on build and checks scopes.
    /// </summary>
    protected ServiceProvider CreateProvider(Action<CqrsOptions>? configure = null)
    {
        var services = new ServiceCollection();
        UseTransport(TestDomain.Add(services, options =>
        {
            Configure(options);
            configure?.Invoke(options);
        }));
        return services.BuildServiceProvider(Validating);
    }

    /// <summary>A command reaches its one handler with every member as sent: non-ASCII text, a many-digit decimal, an offset with sub-millisecond ticks, a list of records, an enum, a nested record.</summary>
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

    /// <summary>An event a handler publishes reaches each of its handlers, once.</summary>
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

    /// <summary>The sender's correlation id flows to the event a handler raises, whose causation id is the command's message id; every handler of the event sees one message id, not the command's.</summary>
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

    /// <summary>Commands sent from handlers keep the flow's correlation id, each caused by the one before.</summary>
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

    /// <summary>A chain longer than direct dispatch nests on one call stack goes on, its ids intact at every hop, each message delivered once.</summary>
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

    /// <summary>A handler sees the message's wire name, a delivery count of 1, and an enqueued time between the send and its own call (within <see cref="EnqueuedTimeResolution"/>).</summary>
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

    /// <summary>Commands sent from many tasks at once, and the events they raise, each reach each of their handlers exactly once.</summary>
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

    /// <summary>
    /// Waits until <paramref name="deadLetters"/> reads at least <paramref name="count"/> dead letters, and returns them
    /// all. Polls, since a broker's dead-letter queue is read by peeking: a transport has no signal to give.
    /// </summary>
    /// <exception cref="TimeoutException">Not within <see cref="Patience.Timeout"/>.</exception>
    public static async Task<IReadOnlyList<DeadLetter>> WaitForDeadLettersAsync(Func<IReadOnlyList<DeadLetter>> deadLetters, int count = 1)
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
