namespace Cqrs.ServiceBus.LocalBroker.Entities;

/// <summary>
/// The broker's entities by the paths the client uses: send targets (queues, topics) and receive entities (queues,
/// subscriptions and their <c>$DeadLetterQueue</c> sub-queues). Built once from the topology; lookups are case-insensitive.
/// </summary>
internal sealed class EntityRegistry
{
    public const string DeadLetterQueueSuffix = "/$DeadLetterQueue";

    private readonly Dictionary<string, SendTarget> sendTargets = new(StringComparer.OrdinalIgnoreCase);
    private readonly Dictionary<string, MessageEntity> receiveEntities = new(StringComparer.OrdinalIgnoreCase);

    public EntityRegistry(BrokerTopology topology)
    {
        topology.Validate();
        foreach (var queue in topology.Queues)
        {
            var entity = AddEntity(queue.Name, queue);
            sendTargets.Add(queue.Name, new SendTarget(queue.Name, [new SendTarget.Route(entity, null)]));
        }

        foreach (var topic in topology.Topics)
        {
            var routes = topic.Subscriptions
                .Select(subscription => new SendTarget.Route(
                    AddEntity($"{topic.Name}/Subscriptions/{subscription.Name}", subscription),
                    subscription.Filter is null ? null : new CorrelationFilter(subscription.Filter)))
                .ToList();
            sendTargets.Add(topic.Name, new SendTarget(topic.Name, routes));
        }
    }

    public IEnumerable<MessageEntity> ReceiveEntities => receiveEntities.Values;

    /// <summary>The billable operations served on every entity.</summary>
    public OperationCounter Operations { get; } = new();

    /// <summary>The queue or topic at <paramref name="path"/>, or <see langword="null"/>.</summary>
    public SendTarget? FindSendTarget(string path) => sendTargets.GetValueOrDefault(path);

    /// <summary>The queue, subscription or dead-letter sub-queue at <paramref name="path"/>, or <see langword="null"/>.</summary>
    public MessageEntity? FindReceiveEntity(string path) => receiveEntities.GetValueOrDefault(path);

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

    private MessageEntity AddEntity(string path, EntityOptions options)
    {
        var budget = new SizeBudget(options.MaxSizeInBytes);
        var deadLetterPath = path + DeadLetterQueueSuffix;
        var deadLetterQueue = new MessageEntity(deadLetterPath, options, budget, deadLetterQueue: null);
        var entity = new MessageEntity(path, options, budget, deadLetterQueue);
        receiveEntities.Add(path, entity);
        receiveEntities.Add(deadLetterPath, deadLetterQueue);
        return entity;
    }
}
