namespace Cqrs.ServiceBus.LocalBroker.Topology;

/// <summary>A queue of the local broker.</summary>
public sealed class QueueOptions : EntityOptions, IDuplicateDetectionOptions
{
    /// <summary>
    /// Whether a message whose MessageId the queue accepted within <see cref="DuplicateDetectionHistoryTimeWindow"/> is
    /// dropped: the sender is told it was accepted, and it is never delivered (default off, as in Service Bus).
    /// </summary>
    public bool RequiresDuplicateDetection { get; set; }

    /// <summary>How long the queue remembers the MessageIds it accepted (default 10 minutes; 20 seconds to 7 days).</summary>
    public TimeSpan DuplicateDetectionHistoryTimeWindow { get; set; } = DuplicateDetectionWindow.Default;
}
