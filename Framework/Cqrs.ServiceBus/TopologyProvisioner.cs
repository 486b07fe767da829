using Azure.Messaging.ServiceBus;
using Azure.Messaging.ServiceBus.Administration;
using Microsoft.Extensions.Logging;

namespace Cqrs.ServiceBus;

/// <summary>
/// Creates what is missing of an endpoint's <see cref="ServiceBusTopology"/> through the Service Bus management API
/// (<see cref="ServiceBusAdministrationClient"/>): the queue, the topic, the subscription (or, with
/// <see cref="ServiceBusOptions.SubscriptionPerHandler"/>, each handler's) and one correlation rule per handled event;
/// the queue and topic with duplicate detection when <see cref="ServiceBusOptions.RequiresDuplicateDetection"/> says so,
/// the queue and subscriptions with sessions when <see cref="ServiceBusOptions.RequiresSession"/> says so, and an error
/// for one that exists with sessions set otherwise (Service Bus cannot change that). Idempotent and safe against other
/// instances starting at once: an entity that already exists (or appears
/// meanwhile) is left as it is, and a rule already gone is not an error.
/// </summary>
internal sealed partial class TopologyProvisioner(ServiceBusAdministrationClient admin, ServiceBusOptions options, ILogger logger)
{
    /// <exception cref="InvalidOperationException">The credentials lack Manage rights, or an entity exists with sessions set otherwise than the options say.</exception>
    public async Task ProvisionAsync(ServiceBusTopology topology, CancellationToken cancellationToken)
    {
        try
        {
            if (!await admin.QueueExistsAsync(topology.CommandQueue, cancellationToken).ConfigureAwait(false))
            {
                await CreateAsync(topology.CommandQueue, () => admin.CreateQueueAsync(QueueOptions(topology.CommandQueue), cancellationToken)).ConfigureAwait(false);
            }
            else
            {
                var queue = await admin.GetQueueAsync(topology.CommandQueue, cancellationToken).ConfigureAwait(false);
                ThrowIfSessionsDiffer(topology.CommandQueue, queue.Value.RequiresSession);
            }

            if (!await admin.TopicExistsAsync(topology.EventTopic, cancellationToken).ConfigureAwait(false))
            {
                await CreateAsync(topology.EventTopic, () => admin.CreateTopicAsync(TopicOptions(topology.EventTopic), cancellationToken)).ConfigureAwait(false);
            }

            foreach (var subscription in topology.EventSubscriptions)
            {
                await ProvisionSubscriptionAsync(topology.EventTopic, subscription.Name, subscription.Events, cancellationToken).ConfigureAwait(false);
            }
        }
        catch (UnauthorizedAccessException exception)
        {
            throw new InvalidOperationException(
                $"Provisioning the Service Bus topology ({nameof(ServiceBusOptions.ProvisionTopology)}) needs Manage rights, which these credentials lack: " +
                "use a connection string of a policy with Manage, or give the identity the 'Azure Service Bus Data Owner' role; " +
                $"or turn {nameof(ServiceBusOptions.ProvisionTopology)} off and create the entities beforehand (infra/main.bicep does). {exception.Message}",
                exception);
        }
    }

    /// <summary>
    /// Creates the subscription with its first rule (so no catch-all rule lets every event in meanwhile), then adds the
    /// rules missing, and only then removes the catch-all and our stale rules: the subscription is never without the
    /// rules of the events handled here (but for a rule of ours whose filter changed, removed before it is made again).
    /// </summary>
    private async Task ProvisionSubscriptionAsync(string topic, string subscription, IReadOnlyList<string> events, CancellationToken cancellationToken)
    {
        var wanted = events.ToDictionary(SubscriptionRuleNames.For, StringComparer.OrdinalIgnoreCase);
        if (!await admin.SubscriptionExistsAsync(topic, subscription, cancellationToken).ConfigureAwait(false))
        {
            var first = wanted.First();
            await CreateAsync($"{topic}/{subscription}", () => admin.CreateSubscriptionAsync(SubscriptionOptions(topic, subscription), Rule(first.Key, first.Value), cancellationToken)).ConfigureAwait(false);
        }
        else
        {
            var properties = await admin.GetSubscriptionAsync(topic, subscription, cancellationToken).ConfigureAwait(false);
            ThrowIfSessionsDiffer($"{topic}/{subscription}", properties.Value.RequiresSession);
        }

        var existing = new List<RuleProperties>();
        await foreach (var rule in admin.GetRulesAsync(topic, subscription, cancellationToken).ConfigureAwait(false))
        {
            existing.Add(rule);
        }

        var names = existing.Select(rule => rule.Name).ToHashSet(StringComparer.OrdinalIgnoreCase);
        var stale = existing.Where(rule => IsStale(rule, wanted)).Select(rule => rule.Name).ToHashSet(StringComparer.OrdinalIgnoreCase);
        await CreateRulesAsync(topic, subscription, wanted.Where(pair => !names.Contains(pair.Key)), cancellationToken).ConfigureAwait(false);
        foreach (var name in stale)
        {
            try
            {
                await admin.DeleteRuleAsync(topic, subscription, name, cancellationToken).ConfigureAwait(false);
                LogRemoved(topic, subscription, name);
            }
            catch (ServiceBusException exception) when (exception.Reason == ServiceBusFailureReason.MessagingEntityNotFound)
            {
                // Another instance removed it first.
            }
        }

        await CreateRulesAsync(topic, subscription, wanted.Where(pair => stale.Contains(pair.Key)), cancellationToken).ConfigureAwait(false);
    }

    private async Task CreateRulesAsync(string topic, string subscription, IEnumerable<KeyValuePair<string, string>> rules, CancellationToken cancellationToken)
    {
        foreach (var (name, wireName) in rules)
        {
            await CreateAsync($"{topic}/{subscription}/{name}", () => admin.CreateRuleAsync(topic, subscription, Rule(name, wireName), cancellationToken)).ConfigureAwait(false);
        }
    }

    /// <summary>
    /// The catch-all rule (a true filter, which would let every event in), and rules of ours that no handler here needs
    /// or whose filter is not the one we would create.
    /// </summary>
    private static bool IsStale(RuleProperties rule, Dictionary<string, string> wanted) =>
        rule.Name == RuleProperties.DefaultRuleName && rule.Filter is TrueRuleFilter
        || SubscriptionRuleNames.IsOurs(rule.Name)
            && !(wanted.TryGetValue(rule.Name, out var wireName) && rule.Filter is CorrelationRuleFilter { Subject: var subject } && subject == wireName);

    private async Task CreateAsync<T>(string path, Func<Task<T>> create)
    {
        try
        {
            await create().ConfigureAwait(false);
            LogCreated(path);
        }
        catch (ServiceBusException exception) when (exception.Reason == ServiceBusFailureReason.MessagingEntityAlreadyExists)
        {
            // Another instance created it first.
        }
    }

    /// <summary>Receivers of the wrong kind could not attach to the entity: say so at start, with the way out.</summary>
    private void ThrowIfSessionsDiffer(string path, bool requiresSession)
    {
        if (requiresSession != options.RequiresSession)
        {
            throw new InvalidOperationException(
                $"Service Bus entity {path} exists {(requiresSession ? "with" : "without")} sessions, but {nameof(ServiceBusOptions)}.{nameof(ServiceBusOptions.RequiresSession)} is {(options.RequiresSession ? "on" : "off")}, " +
                $"and Service Bus cannot change that for an entity that exists: delete the entity (once drained) to have it created anew, or set {nameof(ServiceBusOptions.RequiresSession)} to match it.");
        }
    }

    private CreateQueueOptions QueueOptions(string name) => new(name)
    {
        LockDuration = options.LockDuration,
        MaxDeliveryCount = options.MaxDeliveryCount,
        DeadLetteringOnMessageExpiration = true,
        RequiresDuplicateDetection = options.RequiresDuplicateDetection,
        DuplicateDetectionHistoryTimeWindow = options.DuplicateDetectionHistoryTimeWindow,
        RequiresSession = options.RequiresSession,
    };

    private CreateTopicOptions TopicOptions(string name) => new(name)
    {
        RequiresDuplicateDetection = options.RequiresDuplicateDetection,
        DuplicateDetectionHistoryTimeWindow = options.DuplicateDetectionHistoryTimeWindow,
    };

    private CreateSubscriptionOptions SubscriptionOptions(string topic, string name) => new(topic, name)
    {
        LockDuration = options.LockDuration,
        MaxDeliveryCount = options.MaxDeliveryCount,
        DeadLetteringOnMessageExpiration = true,
        RequiresSession = options.RequiresSession,
    };

    private static CreateRuleOptions Rule(string name, string wireName) => new(name, new CorrelationRuleFilter { Subject = wireName });

    [LoggerMessage(Level = LogLevel.Information, Message = "Provisioned Service Bus entity {Path}.")]
    private partial void LogCreated(string path);

    [LoggerMessage(Level = LogLevel.Information, Message = "Removed rule {Rule} from Service Bus subscription {Topic}/{Subscription}: no handler here needs it.")]
    private partial void LogRemoved(string topic, string subscription, string rule);
}
