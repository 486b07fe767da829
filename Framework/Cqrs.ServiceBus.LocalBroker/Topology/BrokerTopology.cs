using System.Text.Json;

namespace Cqrs.ServiceBus.LocalBroker.Topology;

/// <summary>
/// The queues and topics (with their subscriptions) a <see cref="LocalServiceBusBroker"/> serves. Built in code with
/// <see cref="AddQueue"/> and <see cref="AddTopic"/>, or read from JSON with <see cref="FromJson"/> / <see cref="Load"/>:
/// <code>{ "queues": [ { "name": "orders", "lockDuration": "00:00:30", "maxDeliveryCount": 5 } ],
///   "topics": [ { "name": "events", "subscriptions": [ { "name": "billing", "filter": { "subject": "OrderPlaced" } } ] } ] }</code>
/// </summary>
/// <remarks>Not thread-safe: build it before the broker starts; the broker reads it once.</remarks>
public sealed class BrokerTopology
{
    private static readonly JsonSerializerOptions JsonOptions = new()
    {
        PropertyNameCaseInsensitive = true,
        ReadCommentHandling = JsonCommentHandling.Skip,
        AllowTrailingCommas = true,
    };

    /// <summary>The queues.</summary>
    public List<QueueOptions> Queues { get; init; } = [];

    /// <summary>The topics.</summary>
    public List<TopicOptions> Topics { get; init; } = [];

    /// <summary>Adds a queue and returns this topology, for chaining.</summary>
    /// <param name="name">The queue's path.</param>
    /// <param name="configure">Sets the queue's options, or <see langword="null"/> for the defaults.</param>
    public BrokerTopology AddQueue(string name, Action<QueueOptions>? configure = null)
    {
        var queue = new QueueOptions { Name = name };
        configure?.Invoke(queue);
        Queues.Add(queue);
        return this;
    }

    /// <summary>Adds a topic and returns this topology, for chaining.</summary>
    /// <param name="name">The topic's path.</param>
    /// <param name="configure">Adds the topic's subscriptions.</param>
    public BrokerTopology AddTopic(string name, Action<TopicOptions> configure)
    {
        ArgumentNullException.ThrowIfNull(configure);
        var topic = new TopicOptions { Name = name };
        configure(topic);
        Topics.Add(topic);
        return this;
    }

    /// <summary>Reads a topology from JSON (property names are case-insensitive; durations as <c>"hh:mm:ss"</c>).</summary>
    /// <exception cref="JsonException">The text is not a valid topology.</exception>
    public static BrokerTopology FromJson(string json) =>
        JsonSerializer.Deserialize<BrokerTopology>(json, JsonOptions) ?? throw new JsonException("The topology is empty.");

    /// <summary>Reads a topology from a JSON file (see <see cref="FromJson"/>).</summary>
    /// <exception cref="IOException">The file cannot be read.</exception>
    /// <exception cref="JsonException">The file is not a valid topology.</exception>
    public static BrokerTopology Load(string path) => FromJson(File.ReadAllText(path));

    /// <summary>Throws <see cref="ArgumentException"/> for a nameless entity, a duplicate path or a value out of range.</summary>
    internal void Validate()
    {
        var paths = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        foreach (var queue in Queues)
        {
            queue.Validate();
            AddPath(paths, queue.Name);
        }

        foreach (var topic in Topics)
        {
            AddPath(paths, topic.Name);
            var names = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
            foreach (var subscription in topic.Subscriptions)
            {
                subscription.Validate();
                AddPath(names, subscription.Name);
            }
        }
    }

    private static void AddPath(HashSet<string> paths, string path)
    {
        if (string.IsNullOrWhiteSpace(path) || !paths.Add(path))
        {
            throw new ArgumentException($"Entity name '{path}' is empty or used twice.");
        }
    }
}
