using Azure.Messaging.ServiceBus;
using Azure.Messaging.ServiceBus.Administration;

namespace Cqrs.ServiceBus.LocalBroker.Tests;

/// <summary>The administration endpoint, driven by the unmodified ServiceBusAdministrationClient; what it creates is used over AMQP at once.</summary>
public sealed class AdministrationTests : BrokerTest
{
    private ServiceBusAdministrationClient Admin => new(Broker.AdministrationConnectionString);

    protected override BrokerTopology Topology() => new BrokerTopology().AddTopic("configured", topic => topic
        .AddSubscription("orders", subscription => subscription.Filter = new CorrelationFilterOptions { Subject = "OrderPlaced" }));

    [Fact]
    public async Task CreateQueue_ExistsWithItsSettings_AndServesMessages()
    {
        Assert.False(await Admin.QueueExistsAsync("orders"));

        var created = await Admin.CreateQueueAsync(new CreateQueueOptions("orders") { LockDuration = TimeSpan.FromSeconds(30), MaxDeliveryCount = 3 });

        Assert.Equal("orders", created.Value.Name);
        Assert.True(await Admin.QueueExistsAsync("orders"));
        var queue = (await Admin.GetQueueAsync("orders")).Value;
        Assert.Equal(TimeSpan.FromSeconds(30), queue.LockDuration);
        Assert.Equal(3, queue.MaxDeliveryCount);
        await using var sender = Client.CreateSender("orders");
        await sender.SendMessageAsync(Message("m1"));
        await using var receiver = Client.CreateReceiver("orders");
        Assert.Equal("m1", (await ReceiveOne(receiver)).MessageId);
    }

    [Fact]
    public async Task CreateTwice_IsAConflict_ForEveryKind()
    {
        await Admin.CreateQueueAsync("q");
        await Admin.CreateTopicAsync("t");
        await Admin.CreateSubscriptionAsync("t", "s");
        await Admin.CreateRuleAsync("t", "s", new CreateRuleOptions("r", new CorrelationRuleFilter { Subject = "x" }));

        await AssertFails(ServiceBusFailureReason.MessagingEntityAlreadyExists, () => Admin.CreateQueueAsync("q"));
        await AssertFails(ServiceBusFailureReason.MessagingEntityAlreadyExists, () => Admin.CreateTopicAsync("q"));
        await AssertFails(ServiceBusFailureReason.MessagingEntityAlreadyExists, () => Admin.CreateSubscriptionAsync("t", "s"));
        await AssertFails(ServiceBusFailureReason.MessagingEntityAlreadyExists, () => Admin.CreateRuleAsync("t", "s", new CreateRuleOptions("r")));
    }

    [Fact]
    public async Task MissingEntities_DoNotExist_AndCannotBeReadOrDeleted()
    {
        Assert.False(await Admin.TopicExistsAsync("nothing"));
        Assert.False(await Admin.SubscriptionExistsAsync("configured", "nothing"));
        Assert.False(await Admin.RuleExistsAsync("configured", "orders", "nothing"));

        await AssertFails(ServiceBusFailureReason.MessagingEntityNotFound, () => Admin.GetQueueAsync("nothing"));
        await AssertFails(ServiceBusFailureReason.MessagingEntityNotFound, () => Admin.DeleteQueueAsync("nothing"));
        await AssertFails(ServiceBusFailureReason.MessagingEntityNotFound, () => Admin.CreateSubscriptionAsync("nothing", "s"));
    }

    [Fact]
    public async Task SubscriptionRules_ReplaceTheDefaultRule_AndFilterWhatArrives()
    {
        await Admin.CreateTopicAsync("events");
        await Admin.CreateSubscriptionAsync("events", "billing");
        Assert.IsType<TrueRuleFilter>((await Admin.GetRuleAsync("events", "billing", RuleProperties.DefaultRuleName)).Value.Filter);

        await Admin.CreateRuleAsync("events", "billing", new CreateRuleOptions("placed", new CorrelationRuleFilter { Subject = "OrderPlaced", ApplicationProperties = { ["tenant"] = "a", ["size"] = 3 } }));
        await Admin.DeleteRuleAsync("events", "billing", RuleProperties.DefaultRuleName);

        var rules = new List<RuleProperties>();
        await foreach (var rule in Admin.GetRulesAsync("events", "billing"))
        {
            rules.Add(rule);
        }

        var filter = Assert.IsType<CorrelationRuleFilter>(Assert.Single(rules).Filter);
        Assert.Equal(("placed", "OrderPlaced", "a", 3), (rules[0].Name, filter.Subject, filter.ApplicationProperties["tenant"], filter.ApplicationProperties["size"]));
        await using var sender = Client.CreateSender("events");
        await sender.SendMessagesAsync(
        [
            new ServiceBusMessage("1") { MessageId = "paid", Subject = "OrderPaid", ApplicationProperties = { ["tenant"] = "a", ["size"] = 3 } },
            new ServiceBusMessage("2") { MessageId = "placed", Subject = "OrderPlaced", ApplicationProperties = { ["tenant"] = "a", ["size"] = 3 } },
        ]);
        await using var receiver = Client.CreateReceiver("events", "billing");
        var received = await ReceiveOne(receiver);
        await receiver.CompleteMessageAsync(received);
        Assert.Equal("placed", received.MessageId);
        Assert.Null(await receiver.PeekMessageAsync());
    }

    [Fact]
    public async Task ConfiguredEntities_AreVisible_AndDeletedOnesAreGone()
    {
        var rule = (await Admin.GetRuleAsync("configured", "orders", RuleProperties.DefaultRuleName)).Value;
        Assert.Equal("OrderPlaced", Assert.IsType<CorrelationRuleFilter>(rule.Filter).Subject);
        Assert.Equal(TimeSpan.FromSeconds(60), (await Admin.GetSubscriptionAsync("configured", "orders")).Value.LockDuration);

        await Admin.DeleteSubscriptionAsync("configured", "orders");
        await Admin.DeleteTopicAsync("configured");

        Assert.False(await Admin.SubscriptionExistsAsync("configured", "orders"));
        Assert.False(await Admin.TopicExistsAsync("configured"));
        await using var sender = Client.CreateSender("configured");
        var failure = await Assert.ThrowsAsync<ServiceBusException>(() => sender.SendMessageAsync(Message("m")));
        Assert.Equal(ServiceBusFailureReason.MessagingEntityNotFound, failure.Reason);
    }

    [Fact]
    public async Task AKeyWithoutManageRights_IsRefused()
    {
        var listenOnly = new ServiceBusAdministrationClient(Broker.AdministrationConnectionString.Replace("RootManageSharedAccessKey", "ListenOnly", StringComparison.Ordinal));

        await Assert.ThrowsAsync<UnauthorizedAccessException>(() => listenOnly.CreateQueueAsync("q"));
        Assert.False(await Admin.QueueExistsAsync("q"));
    }

    [Fact]
    public async Task WhatTheBrokerDoesNotImplement_IsRefusedWithAReason()
    {
        var sql = await Assert.ThrowsAsync<ArgumentException>(() => Admin.CreateRuleAsync("configured", "orders", new CreateRuleOptions("sql", new SqlRuleFilter("sys.Label = 'x'"))));
        Assert.Contains("SQL filters", sql.Message, StringComparison.Ordinal);
        await Admin.CreateQueueAsync("q");
        var queue = (await Admin.GetQueueAsync("q")).Value;
        queue.MaxDeliveryCount = 2;
        var update = await Assert.ThrowsAsync<ServiceBusException>(() => Admin.UpdateQueueAsync(queue));
        Assert.Contains("does not update entities", update.Message, StringComparison.Ordinal);
        var listing = await Assert.ThrowsAsync<ServiceBusException>(() => Admin.GetNamespacePropertiesAsync());
        Assert.Contains("does not implement GET /$namespaceinfo", listing.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task MalformedBodies_AreBadRequests_AndTheEndpointKeepsServing()
    {
        foreach (var body in new[] { "not xml", "<entry xmlns=\"http://www.w3.org/2005/Atom\"/>", "<!DOCTYPE x [<!ENTITY a \"a\">]><x>&a;</x>" })
        {
            Assert.Equal(System.Net.HttpStatusCode.BadRequest, (await Put("broken", body)).Status);
        }

        Assert.False(await Admin.QueueExistsAsync("broken"));
        await Admin.CreateQueueAsync("working");
        Assert.True(await Admin.QueueExistsAsync("working"));
    }

    [Fact]
    public async Task DuplicateDetection_IsReadOnCreate_WrittenOnGet_AndDropsRepeats()
    {
        await Admin.CreateQueueAsync(new CreateQueueOptions("deduplicated") { RequiresDuplicateDetection = true, DuplicateDetectionHistoryTimeWindow = TimeSpan.FromMinutes(2) });
        await Admin.CreateTopicAsync(new CreateTopicOptions("deduplicated-events") { RequiresDuplicateDetection = true, DuplicateDetectionHistoryTimeWindow = TimeSpan.FromHours(1) });
        await Admin.CreateSubscriptionAsync("deduplicated-events", "all");
        await Admin.CreateQueueAsync("plain");

        var queue = (await Admin.GetQueueAsync("deduplicated")).Value;
        var topic = (await Admin.GetTopicAsync("deduplicated-events")).Value;
        var plain = (await Admin.GetQueueAsync("plain")).Value;
        Assert.Equal((true, TimeSpan.FromMinutes(2)), (queue.RequiresDuplicateDetection, queue.DuplicateDetectionHistoryTimeWindow));
        Assert.Equal((true, TimeSpan.FromHours(1)), (topic.RequiresDuplicateDetection, topic.DuplicateDetectionHistoryTimeWindow));
        Assert.Equal((false, TimeSpan.FromMinutes(10)), (plain.RequiresDuplicateDetection, plain.DuplicateDetectionHistoryTimeWindow));
        Assert.False((await Admin.GetTopicAsync("configured")).Value.RequiresDuplicateDetection);

        foreach (var (entity, subscription) in new[] { ("deduplicated", null), ("deduplicated-events", "all") })
        {
            await using var sender = Client.CreateSender(entity);
            await sender.SendMessagesAsync([Message("once"), Message("once")]);
            await using var receiver = subscription is null ? Client.CreateReceiver(entity) : Client.CreateReceiver(entity, subscription);
            Assert.Single(await receiver.PeekMessagesAsync(10));
        }
    }

    [Fact]
    public async Task DuplicateDetectionWindow_OutsideTheServicesRange_IsABadRequest()
    {
        foreach (var window in new[] { "PT19S", "P7DT1S" })
        {
            var response = await Put("deduplicated", $"""
                <entry xmlns="http://www.w3.org/2005/Atom"><content type="application/xml">
                  <QueueDescription xmlns="http://schemas.microsoft.com/netservices/2010/10/servicebus/connect">
                    <RequiresDuplicateDetection>true</RequiresDuplicateDetection>
                    <DuplicateDetectionHistoryTimeWindow>{window}</DuplicateDetectionHistoryTimeWindow>
                  </QueueDescription>
                </content></entry>
                """);

            Assert.Equal(System.Net.HttpStatusCode.BadRequest, response.Status);
            Assert.Contains("DuplicateDetectionHistoryTimeWindow must be from 00:00:20 to 7.00:00:00", response.Body, StringComparison.Ordinal);
        }

        Assert.False(await Admin.QueueExistsAsync("deduplicated"));
    }

    /// <summary>A PUT the client would not send, with Manage rights.</summary>
    private async Task<(System.Net.HttpStatusCode Status, string Body)> Put(string path, string body)
    {
        using var http = new HttpClient();
        using var request = new HttpRequestMessage(HttpMethod.Put, $"http://127.0.0.1:{Broker.AdministrationPort}/{path}?api-version=2024-05")
        {
            Content = new StringContent(body),
        };
        request.Headers.TryAddWithoutValidation("Authorization", "SharedAccessSignature skn=RootManageSharedAccessKey");
        using var response = await http.SendAsync(request);
        return (response.StatusCode, await response.Content.ReadAsStringAsync());
    }

    private static async Task AssertFails<T>(ServiceBusFailureReason reason, Func<Task<T>> operation)
    {
        var failure = await Assert.ThrowsAsync<ServiceBusException>(operation);
        Assert.Equal(reason, failure.Reason);
    }
}
