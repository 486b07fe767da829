using Cqrs.ServiceBus.LocalBroker;
using Cqrs.ServiceBus.LocalBroker.Topology;
using Cqrs.ServiceBus.Tests.Domain.Parting;
using Cqrs.Testing.Domain.Faults;
using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Shared;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;

namespace Cqrs.ServiceBus.Tests;

/// <summary>
/// An event handled by two endpoints on one topic, whose handlers fail until a delayed retry: a retry goes back through
/// the topic, so every subscription receives it; only the endpoint that scheduled it may act on it, and no endpoint's
/// retry is taken for another's.
/// </summary>
public sealed class EventRetryAimTests : IAsyncLifetime
{
    private LocalServiceBusBroker _broker = null!;

    public async Task InitializeAsync() => _broker = await LocalServiceBusBroker.StartAsync(new BrokerTopology());

    public async Task DisposeAsync() => await _broker.DisposeAsync();

    /// <summary>
    /// The steady endpoint takes one message at a time, in the order its subscription received them: once it has handled
    /// an event published after the retry reached the flaky endpoint, it has settled its own copy of that retry.
    /// </summary>
    [Fact]
    public async Task DelayedRetry_OfAnEndpointsOnlyHandler_RunsThatHandlerAgain_AndNotTheOtherEndpoints()
    {
        var flakyHandler = typeof(FlakyEventHandler).FullName!;
        using var flaky = ServiceBusTestHost.CreateHost(_broker, options => options.Receive.Handlers = [flakyHandler], settings => settings.Subscription = "flaky");
        using var steady = ServiceBusTestHost.CreateHost(_broker, options => options.Receive.ExceptHandlers = [flakyHandler], settings =>
        {
            settings.Subscription = "steady";
            settings.MaxConcurrentCalls = 1;
        });
        await StartProvisionedAsync(flaky);
        await StartProvisionedAsync(steady);
        var failing = flaky.Services.GetRequiredService<Recorder>();
        var handled = steady.Services.GetRequiredService<Recorder>();
        var events = steady.Services.GetRequiredService<IEventBus>();

        // The test domain tries each delivery 3 times at once: the fourth attempt is the delayed retry's.
        var sent = await events.PublishAsync(new FlakyEvent(Guid.NewGuid(), Failures: 3));
        await failing.WaitForAsync<FlakyEventHandler>(4);
        var after = await events.PublishAsync(new FlakyEvent(Guid.NewGuid(), Failures: 0));
        await handled.WaitUntilAsync(deliveries => deliveries.Count(delivery => delivery.MessageId == after.MessageId) == 2);

        await flaky.StopAsync();
        await steady.StopAsync();
        Assert.Equal(sent.MessageId, Assert.Single(handled.Of<FirstSteadyHandler>(), delivery => delivery.MessageId != after.MessageId).MessageId);
        Assert.Equal(sent.MessageId, Assert.Single(handled.Of<SecondSteadyHandler>(), delivery => delivery.MessageId != after.MessageId).MessageId);
    }

    /// <summary>
    /// Two endpoints run a handler of one name (one type, deployed in both) that fails until a delayed retry: each
    /// schedules a retry of its own, on a topic with duplicate detection, and each endpoint's retry reaches it.
    /// </summary>
    [Fact]
    public async Task DelayedRetries_OfTwoEndpointsHandlersOfOneName_OnATopicThatDropsRepeats_EachReachItsEndpoint()
    {
        var flakyHandler = typeof(FlakyEventHandler).FullName!;
        using var first = CreateDetectingHost(flakyHandler, "first");
        using var second = CreateDetectingHost(flakyHandler, "second");
        await StartProvisionedAsync(first);
        await StartProvisionedAsync(second);

        // The test domain tries each delivery 3 times at once: the fourth attempt is the delayed retry's.
        await first.Services.GetRequiredService<IEventBus>().PublishAsync(new FlakyEvent(Guid.NewGuid(), Failures: 3));
        var firstCalls = first.Services.GetRequiredService<Recorder>();
        var secondCalls = second.Services.GetRequiredService<Recorder>();
        await Task.WhenAll(firstCalls.WaitForAsync<FlakyEventHandler>(4), secondCalls.WaitForAsync<FlakyEventHandler>(4));

        await first.StopAsync();
        await second.StopAsync();
        Assert.Equal((4, 4), (firstCalls.Of<FlakyEventHandler>().Count, secondCalls.Of<FlakyEventHandler>().Count));
    }

    /// <summary>
    /// Starts a process and waits until it has provisioned its subscription, so that it hears the test's event: a send
    /// returns only then. The event sent is one neither endpoint's handlers of <see cref="FlakyEvent"/> see.
    /// </summary>
    private static async Task StartProvisionedAsync(IHost host)
    {
        await host.StartAsync();
        await host.Services.GetRequiredService<IEventBus>().PublishAsync(new Parted(0));
    }

    private IHost CreateDetectingHost(string handler, string endpoint) =>
        ServiceBusTestHost.CreateHost(_broker, options => options.Receive.Handlers = [handler], settings =>
        {
            settings.Subscription = endpoint;
            settings.RequiresDuplicateDetection = true;
        });
}
