namespace Cqrs.ServiceBus.LocalBroker.Topology;

/// <summary>
/// The duplicate detection settings of an entity messages are sent to: a queue or a topic. Service Bus keeps the
/// history where a message arrives, so a topic's subscriptions have none of their own.
/// </summary>
internal interface IDuplicateDetectionOptions
{
    string Name { get; }

    bool RequiresDuplicateDetection { get; set; }

    TimeSpan DuplicateDetectionHistoryTimeWindow { get; set; }
}
