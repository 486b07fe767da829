using System.Globalization;
using System.Xml;
using System.Xml.Linq;
using Cqrs.ServiceBus.LocalBroker.Entities;
using Cqrs.ServiceBus.LocalBroker.Topology;
using static Cqrs.ServiceBus.LocalBroker.Administration.AtomXml;

namespace Cqrs.ServiceBus.LocalBroker.Administration;

/// <summary>
/// Queue, topic and subscription descriptions: read from a create request into the broker's entity options, and
/// written back for a get. Settings the broker does not implement (auto-forwarding) are refused rather than
/// silently ignored; the rest of what the client sends has no effect here and is dropped.
/// </summary>
internal static class EntityDescriptions
{
    private const long Megabyte = 1024 * 1024;

    /// <exception cref="FormatException">A value cannot be read.</exception>
    /// <exception cref="NotSupportedException">A setting the broker does not implement is on.</exception>
    public static QueueOptions ReadQueue(string name, XElement description) =>
        ReadDuplicateDetection(Read(new QueueOptions { Name = name }, description), description);

    /// <summary>A topic's settings: of what the client sends, duplicate detection is all the broker implements for a topic.</summary>
    /// <exception cref="FormatException">A value cannot be read.</exception>
    public static TopicOptions ReadTopic(string name, XElement description) => ReadDuplicateDetection(new TopicOptions { Name = name }, description);

    /// <inheritdoc cref="ReadQueue"/>
    public static SubscriptionOptions ReadSubscription(string name, XElement description) => Read(new SubscriptionOptions { Name = name }, description);

    public static XElement Queue(SendTarget queue) => new(
        Connect + "QueueDescription",
        Element("MaxSizeInMegabytes", queue.Routes[0].Entity.Options.MaxSizeInBytes / Megabyte),
        DuplicateDetection(queue.Options),
        Shared(queue.Routes[0].Entity));

    public static XElement Topic(SendTarget topic) => new(
        Connect + "TopicDescription",
        Element("DefaultMessageTimeToLive", XmlConvert.ToString(TimeSpan.MaxValue)),
        Element("MaxSizeInMegabytes", 1024),
        DuplicateDetection(topic.Options),
        Element("EnableBatchedOperations", true),
        Element("Status", "Active"));

    public static XElement Subscription(MessageEntity subscription) => new(Connect + "SubscriptionDescription", Shared(subscription));

    private static XElement[] DuplicateDetection(IDuplicateDetectionOptions options) =>
    [
        Element("RequiresDuplicateDetection", options.RequiresDuplicateDetection),
        Element("DuplicateDetectionHistoryTimeWindow", XmlConvert.ToString(options.DuplicateDetectionHistoryTimeWindow)),
    ];

    private static XElement[] Shared(MessageEntity entity) =>
    [
        Element("LockDuration", XmlConvert.ToString(entity.Options.LockDuration)),
        Element("RequiresSession", entity.Options.RequiresSession),
        Element("DefaultMessageTimeToLive", XmlConvert.ToString(entity.Options.DefaultMessageTimeToLive)),
        Element("DeadLetteringOnMessageExpiration", entity.Options.DeadLetteringOnMessageExpiration),
        Element("MaxDeliveryCount", entity.Options.MaxDeliveryCount),
        Element("EnableBatchedOperations", true),
        Element("Status", "Active"),
        Element("MessageCount", entity.Count),
    ];

    private static T Read<T>(T options, XElement description)
        where T : EntityOptions
    {
        foreach (var element in description.Elements())
        {
            var value = element.Value.Trim();
            try
            {
                switch (element.Name.LocalName)
                {
                    case "LockDuration":
                        options.LockDuration = XmlConvert.ToTimeSpan(value);
                        break;
                    case "MaxDeliveryCount":
                        options.MaxDeliveryCount = int.Parse(value, CultureInfo.InvariantCulture);
                        break;
                    case "DefaultMessageTimeToLive":
                        options.DefaultMessageTimeToLive = XmlConvert.ToTimeSpan(value);
                        break;
                    case "DeadLetteringOnMessageExpiration":
                        options.DeadLetteringOnMessageExpiration = XmlConvert.ToBoolean(value);
                        break;
                    case "MaxSizeInMegabytes":
                        options.MaxSizeInBytes = long.Parse(value, CultureInfo.InvariantCulture) * Megabyte;
                        break;
                    case "RequiresSession":
                        options.RequiresSession = XmlConvert.ToBoolean(value);
                        break;
                    case "ForwardTo" or "ForwardDeadLetteredMessagesTo" when value.Length > 0:
                        throw new NotSupportedException($"The local broker does not implement {element.Name.LocalName}.");
                }
            }
            catch (Exception exception) when (exception is FormatException or OverflowException)
            {
                throw new FormatException($"{element.Name.LocalName} '{value}' cannot be read.", exception);
            }
        }

        return options;
    }

    /// <summary>The client sends the window only when it turns duplicate detection on.</summary>
    private static T ReadDuplicateDetection<T>(T options, XElement description)
        where T : IDuplicateDetectionOptions
    {
        if (description.Element(Connect + "RequiresDuplicateDetection") is { } required)
        {
            options.RequiresDuplicateDetection = ValueOf(required, XmlConvert.ToBoolean);
        }

        if (description.Element(Connect + "DuplicateDetectionHistoryTimeWindow") is { } window)
        {
            options.DuplicateDetectionHistoryTimeWindow = ValueOf(window, XmlConvert.ToTimeSpan);
        }

        return options;
    }

    private static TValue ValueOf<TValue>(XElement element, Func<string, TValue> parse)
    {
        var value = element.Value.Trim();
        try
        {
            return parse(value);
        }
        catch (Exception exception) when (exception is FormatException or OverflowException)
        {
            throw new FormatException($"{element.Name.LocalName} '{value}' cannot be read.", exception);
        }
    }
}
