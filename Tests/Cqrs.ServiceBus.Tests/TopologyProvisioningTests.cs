using System.Xml.Linq;
using Azure.Messaging.ServiceBus;
using Azure.Messaging.ServiceBus.Administration;
using Cqrs.ServiceBus;
using Cqrs.ServiceBus.LocalBroker;
using Cqrs.ServiceBus.LocalBroker.Topology;
using Cqrs.Testing.Domain.Orders;
using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Shared;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.ServiceBus.Tests;

/// <summary>
/// <see cref="ServiceBusOptions.ProvisionTopology"/> against a local broker started with no entities at all: the real
/// ServiceBusAdministrationClient creates them over the broker's administration endpoint, and the transport then
/// runs on them.
/// </summary>
public sealed class TopologyProvisioningTests : IAsyncLifetime
{
    private const string OrderSubmitted = "tests.v1.order-submitted";

    private LocalServiceBusBroker _broker = null!;
    private ServiceBusAdministrationClient _admin = null!;

    public async Task InitializeAsync()
    {
        _broker = await LocalServiceBusBroker.StartAsync(new BrokerTopology());
        _admin = new ServiceBusAdministrationClient(_broker.AdministrationConnectionString);
    }

    public async Task DisposeAsync() => await _broker.DisposeAsync();

    [Fact]
    public async Task EmptyBroker_IsProvisionedAtStart_ForACommandToEventRoundTrip_AndASecondStartChangesNothing()
    {
        var topology = await StartAndRoundTripAsync();

        var rules = await RulesAsync(topology);
        var created = await RuleCreationTimesAsync(topology);
        Assert.Equal(topology.HandledEvents.Order(StringComparer.Ordinal), rules.Select(rule => ((CorrelationRuleFilter)rule.Filter).Subject).Order(StringComparer.Ordinal));
        Assert.DoesNotContain(rules, rule => rule.Name == RuleProperties.DefaultRuleName);
        var queue = (await _admin.GetQueueAsync(topology.CommandQueue)).Value;
        Assert.Equal((TimeSpan.FromSeconds(60), 10, false), (queue.LockDuration, queue.MaxDeliveryCount, queue.RequiresDuplicateDetection));
        Assert.False((await _admin.GetTopicAsync(topology.EventTopic)).Value.RequiresDuplicateDetection);

        await StartAndRoundTripAsync();

        Assert.Equal(created, await RuleCreationTimesAsync(topology));
    }

    [Fact]
    public async Task RequiresDuplicateDetection_CreatesTheQueueAndTopicWithIt_SoTheBrokerDropsARepeatedId()
    {
        var window = TimeSpan.FromMinutes(5);
        var topology = await StartAndRoundTripAsync(settings =>
        {
            settings.RequiresDuplicateDetection = true;
            settings.DuplicateDetectionHistoryTimeWindow = window;
        });

        var queue = (await _admin.GetQueueAsync(topology.CommandQueue)).Value;
        var topic = (await _admin.GetTopicAsync(topology.EventTopic)).Value;
        Assert.Equal((true, window), (queue.RequiresDuplicateDetection, queue.DuplicateDetectionHistoryTimeWindow));
        Assert.Equal((true, window), (topic.RequiresDuplicateDetection, topic.DuplicateDetectionHistoryTimeWindow));
        await using var client = new ServiceBusClient(_broker.ConnectionString);
        await using var sender = client.CreateSender(topology.CommandQueue);
        await sender.SendMessagesAsync([new ServiceBusMessage("x") { MessageId = "repeated" }, new ServiceBusMessage("x") { MessageId = "repeated" }]);
        await using var receiver = client.CreateReceiver(topology.CommandQueue);
        Assert.Single(await receiver.PeekMessagesAsync(10), message => message.MessageId == "repeated");
    }

    [Fact]
    public async Task ProvisionedSubscription_ReceivesOnlyTheEventsHandledHere()
    {
        var topology = await StartAndRoundTripAsync();

        await using var client = new ServiceBusClient(_broker.ConnectionString);
        await using var sender = client.CreateSender(topology.EventTopic);
        await sender.SendMessagesAsync([new ServiceBusMessage("x") { Subject = "elsewhere.v1.not-handled" }, new ServiceBusMessage("y") { Subject = OrderSubmitted }]);
        await using var receiver = client.CreateReceiver(topology.EventTopic, topology.Subscription);
        var waiting = await receiver.PeekMessagesAsync(10);
        Assert.Equal([OrderSubmitted], waiting.Select(message => message.Subject));
    }

    [Fact]
    public async Task ExistingSubscription_LosesTheCatchAllRuleAndOurStaleRules_AndKeepsRulesOfOthers()
    {
        var names = new ServiceBusOptions();
        await _admin.CreateTopicAsync(names.EventTopic);
        await _admin.CreateSubscriptionAsync(names.EventTopic, names.Subscription);
        await _admin.CreateRuleAsync(names.EventTopic, names.Subscription, new CreateRuleOptions("cqrs-gone.v1.event", new CorrelationRuleFilter { Subject = "gone.v1.event" }));
        await _admin.CreateRuleAsync(names.EventTopic, names.Subscription, new CreateRuleOptions("cqrs-" + OrderSubmitted, new CorrelationRuleFilter { Subject = "changed" }));
        await _admin.CreateRuleAsync(names.EventTopic, names.Subscription, new CreateRuleOptions("custom", new CorrelationRuleFilter { Subject = "custom" }));

        var topology = await StartAndRoundTripAsync();

        var rules = (await RulesAsync(topology)).ToDictionary(rule => rule.Name, rule => ((CorrelationRuleFilter)rule.Filter).Subject);
        Assert.Equal("custom", rules["custom"]);
        Assert.Equal(OrderSubmitted, rules["cqrs-" + OrderSubmitted]);
        Assert.Equal(topology.HandledEvents.Count + 1, rules.Count);
        Assert.DoesNotContain(RuleProperties.DefaultRuleName, rules.Keys);
    }

    [Fact]
    public async Task CredentialsWithoutManageRights_FailTheSendWithTheReason()
    {
        await using var provider = Create(settings => settings.AdministrationConnectionString =
            _broker.AdministrationConnectionString.Replace("RootManageSharedAccessKey", "SendListen", StringComparison.Ordinal));

        var failure = await Assert.ThrowsAsync<InvalidOperationException>(async () => await provider.GetRequiredService<ICommandBus>().SendAsync(SampleOrders.Valid()));

        Assert.Contains("needs Manage rights", failure.Message, StringComparison.Ordinal);
        Assert.False(await _admin.QueueExistsAsync(new ServiceBusOptions().CommandQueue));
    }

    [Fact]
    public async Task RequiresSession_CreatesTheQueueAndSubscriptionWithSessions_ForARoundTripThroughThem()
    {
        var topology = await StartAndRoundTripAsync(settings => settings.RequiresSession = true);

        Assert.True((await _admin.GetQueueAsync(topology.CommandQueue)).Value.RequiresSession);
        Assert.True((await _admin.GetSubscriptionAsync(topology.EventTopic, topology.Subscription)).Value.RequiresSession);
    }

    [Fact]
    public async Task RequiresSession_OverAQueueMadeWithoutSessions_FailsTheSendSayingWhatToDo()
    {
        await _admin.CreateQueueAsync(new ServiceBusOptions().CommandQueue);
        await using var provider = Create(settings => settings.RequiresSession = true);

        var failure = await Assert.ThrowsAsync<InvalidOperationException>(async () => await provider.GetRequiredService<ICommandBus>().SendAsync(SampleOrders.Valid()));

        Assert.Contains("exists without sessions, but ServiceBusOptions.RequiresSession is on", failure.Message, StringComparison.Ordinal);
        Assert.Contains("delete the entity", failure.Message, StringComparison.Ordinal);
    }

    private ServiceProvider Create(Action<ServiceBusOptions>? transport = null) => ServiceBusTestHost.CreateProvisioning(_broker, transport);

    /// <summary>Starts a container (provisioning), sends a command whose event both event handlers must handle, and stops it.</summary>
    private async Task<ServiceBusTopology> StartAndRoundTripAsync(Action<ServiceBusOptions>? transport = null)
    {
        await using var provider = Create(transport);
        var recorder = provider.GetRequiredService<Recorder>();
        await provider.GetRequiredService<ICommandBus>().SendAsync(SampleOrders.Valid());
        await recorder.WaitForAsync<ReserveInventory>();
        await recorder.WaitForAsync<NotifyCustomer>();
        return provider.GetRequiredService<ServiceBusTopology>();
    }

    private async Task<List<RuleProperties>> RulesAsync(ServiceBusTopology topology)
    {
        var rules = new List<RuleProperties>();
        await foreach (var rule in _admin.GetRulesAsync(topology.EventTopic, topology.Subscription))
        {
            rules.Add(rule);
        }

        return rules;
    }

    /// <summary>
    /// Each rule's name and creation time, as the broker's rules listing has them (the client keeps CreatedAt to itself):
    /// a rule deleted and made again would differ.
    /// </summary>
    private async Task<List<string>> RuleCreationTimesAsync(ServiceBusTopology topology)
    {
        using var http = new HttpClient();
        using var request = new HttpRequestMessage(HttpMethod.Get, $"http://127.0.0.1:{_broker.AdministrationPort}/{topology.EventTopic}/Subscriptions/{topology.Subscription}/rules?api-version=2024-05");
        request.Headers.TryAddWithoutValidation("Authorization", "SharedAccessSignature skn=RootManageSharedAccessKey");
        using var response = await http.SendAsync(request);
        var feed = XDocument.Parse(await response.Content.ReadAsStringAsync());
        return [.. feed.Descendants().Where(element => element.Name.LocalName == "RuleDescription")
            .Select(rule => $"{rule.Elements().Single(element => element.Name.LocalName == "Name").Value} {rule.Elements().Single(element => element.Name.LocalName == "CreatedAt").Value}")
            .Order(StringComparer.Ordinal)];
    }
}
