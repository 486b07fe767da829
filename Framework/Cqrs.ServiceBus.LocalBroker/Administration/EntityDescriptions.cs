using System.Globalization;
using System.Xml;
using System.Xml.Linq;
using Cqrs.ServiceBus.LocalBroker.Entities;
using Cqrs.ServiceBus.LocalBroker.Topology;
using static Cqrs.ServiceBus.LocalBroker.Administration.AtomXml;

namespace Cqrs.ServiceBus.LocalBroker.Administration;

/// <summary>
/// Queue, topic and subscription descriptions: read from a create request into the broker's entity options, and
/// written back for a get. Settings the broker does not implement (duplicate detection, auto-forwarding)
/// are refused rather than silently ignored; the rest of what the client sends has no effect here and is dropped.
/// </summary>
internal static class EntityDescriptions
{
    private const long Megabyte = 1024 * 1024;

    /// <exception cref="FormatException">A value cannot be read.</exception>
    /// <exception cref="NotSupportedException">A setting the broker does not implement is on.</exception>
    public static QueueOptions ReadQueue(string name, XElement description) => Read(new QueueOptions { Name = name }, description);

    /// <inheritdoc cref="ReadQueue"/>
    public static SubscriptionOptions ReadSubscription(string name, XElement description) => Read(new SubscriptionOptions { Name = name }, description);

    public static XElement Queue(MessageEntity queue) => new(
        Connect + "QueueDescription",
        Element("MaxSizeInMegabytes", queue.Options.MaxSizeInBytes / Megabyte),
        Element("RequiresDuplicateDetection", false),
        Shared(queue));

    public static XElement Topic() => new(
        Connect + "TopicDescription",
        Element("DefaultMessageTimeToLive", XmlConvert.ToString(TimeSpan.MaxValue)),
        Element("MaxSizeInMegabytes", 1024),
        Element("RequiresDuplicateDetection", false),
        Element("EnableBatchedOperations", true),
        Element("Status", "Active"));

    public static XElement Subscription(MessageEntity subscription) => new(Connect + "SubscriptionDescription", Shared(subscription));

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
                    case "RequiresDuplicateDetection" when XmlConvert.ToBoolean(value):
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
}
