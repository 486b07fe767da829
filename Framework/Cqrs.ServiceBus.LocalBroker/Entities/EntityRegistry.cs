using System.Collections.Concurrent;
using Cqrs.ServiceBus.LocalBroker.Topology;

namespace Cqrs.ServiceBus.LocalBroker.Entities;

/// <summary>
/// The broker's entities by the paths the client uses: send targets (queues, topics) and receive entities (queues,
/// subscriptions and their <c>$DeadLetterQueue</c> sub-queues). Built from the topology, then changed live by the
/// administration endpoint: lookups are lock-free and case-insensitive, changes are serialized by <see cref="gate"/>.
/// A deleted entity leaves the registry; links already attached to it keep it until they close.
/// </summary>
internal sealed class EntityRegistry
{
    public const string DeadLetterQueueSuffix = "/$DeadLetterQueue";

    private readonly ConcurrentDictionary<string, SendTarget> sendTargets = new(StringComparer.OrdinalIgnoreCase);
    private readonly ConcurrentDictionary<string, MessageEntity> receiveEntities = new(StringComparer.OrdinalIgnoreCase);
    private readonly Lock gate = new();
    private readonly TimeProvider clock;

    public EntityRegistry(BrokerTopology topology, TimeProvider clock)
    {
        this.clock = clock;
        topology.Validate();
        foreach (var queue in topology.Queues)
        {
            AddQueue(queue);
        }

        foreach (var topic in topology.Topics)
        {
            AddTopic(topic);
            foreach (var subscription in topic.Subscriptions)
            {
                var rule = subscription.Filter is { } filter
                    ? SubscriptionRule.Correlating(SubscriptionRule.DefaultName, filter)
                    : SubscriptionRule.Matching(SubscriptionRule.DefaultName, everything: true);
                AddSubscription(topic.Name, subscription, rule);
            }
        }
    }

    /// <summary>Every receive entity, read afresh on each enumeration (entities come and go).</summary>
    public IEnumerable<MessageEntity> ReceiveEntities => receiveEntities.Select(pair => pair.Value);

    /// <summary>The billable operations served on every entity.</summary>
    public OperationCounter Operations { get; } = new();

    /// <summary>The queue or topic at <paramref name="path"/>, or <see langword="null"/>.</summary>
    public SendTarget? FindSendTarget(string path) => sendTargets.GetValueOrDefault(path);

    /// <summary>The queue, subscription or dead-letter sub-queue at <paramref name="path"/>, or <see langword="null"/>.</summary>
    public MessageEntity? FindReceiveEntity(string path) => receiveEntities.GetValueOrDefault(path);

    /// <summary>The subscription <paramref name="name"/> of <paramref name="topic"/>, or <see langword="null"/>.</summary>
    public SendTarget.Route? FindSubscription(string topic, string name) =>
        FindSendTarget(topic) is { IsTopic: true } target && FindReceiveEntity(SubscriptionPath(topic, name)) is { } entity
            ? target.Routes.FirstOrDefault(route => route.Entity == entity)
            : null;

    /// <summary>Adds a queue; false when a queue or topic of that name exists.</summary>
    public bool AddQueue(QueueOptions queue)
    {
        queue.Validate();
        DuplicateDetectionWindow.Validate(queue);
        lock (gate)
        {
            if (sendTargets.ContainsKey(queue.Name))
            {
                return false;
            }

            sendTargets[queue.Name] = new SendTarget(queue, isTopic: false, clock, new SendTarget.Route(AddEntity(queue.Name, queue), null));
            return true;
        }
    }

    /// <summary>Adds a topic without its subscriptions; false when a queue or topic of that name exists.</summary>
    public bool AddTopic(TopicOptions topic)
    {
        DuplicateDetectionWindow.Validate(topic);
        lock (gate)
        {
            return sendTargets.TryAdd(topic.Name, new SendTarget(topic, isTopic: true, clock));
        }
    }

    /// <summary>Adds a subscription with one rule: <see langword="null"/> when the topic does not exist, false when the subscription does.</summary>
    public bool? AddSubscription(string topic, SubscriptionOptions subscription, SubscriptionRule rule)
    {
        subscription.Validate();
        lock (gate)
        {
            if (FindSendTarget(topic) is not { IsTopic: true } target)
            {
                return null;
            }

            if (FindReceiveEntity(SubscriptionPath(topic, subscription.Name)) is not null)
            {
                return false;
            }

            target.AddRoute(new SendTarget.Route(AddEntity(SubscriptionPath(topic, subscription.Name), subscription), new SubscriptionRules(rule)));
            return true;
        }
    }

    /// <summary>Removes a queue, or a topic with its subscriptions; false when there is none at <paramref name="path"/>.</summary>
    public bool Remove(string path)
    {
        lock (gate)
        {
            if (!sendTargets.TryRemove(path, out var target))
            {
                return false;
            }

            foreach (var route in target.Routes)
            {
                RemoveEntity(route.Entity);
            }

            return true;
        }
    }

    /// <summary>Removes a subscription; false when there is none.</summary>
    public bool RemoveSubscription(string topic, string name)
    {
        lock (gate)
        {
            if (FindSubscription(topic, name) is not { } route)
            {
                return false;
            }

            sendTargets[topic].RemoveRoute(route);
            RemoveEntity(route.Entity);
            return true;
        }
    }

    /// <summary>Turns a link address (<c>/orders</c>, <c>amqp://host/orders</c>, percent-escaped) into an entity path.</summary>
    public static string PathOf(string address)
    {
        var path = address;
        if (Uri.TryCreate(address, UriKind.Absolute, out var uri) && uri.Scheme is "amqp" or "amqps" or "sb")
        {
            path = uri.AbsolutePath;
        }

        return Uri.UnescapeDataString(path).Trim('/');
    }

    private static string SubscriptionPath(string topic, string name) => $"{topic}/Subscriptions/{name}";

    private MessageEntity AddEntity(string path, EntityOptions options)
    {
        var budget = new SizeBudget(options.MaxSizeInBytes);
        var deadLetterPath = path + DeadLetterQueueSuffix;
        var deadLetterQueue = new MessageEntity(deadLetterPath, options, budget, deadLetterQueue: null, clock);
        var entity = new MessageEntity(path, options, budget, deadLetterQueue, clock);
        receiveEntities[path] = entity;
        receiveEntities[deadLetterPath] = deadLetterQueue;
        return entity;
    }

    private void RemoveEntity(MessageEntity entity)
    {
        receiveEntities.TryRemove(entity.Path, out _);
        receiveEntities.TryRemove(entity.Path + DeadLetterQueueSuffix, out _);
    }
}
