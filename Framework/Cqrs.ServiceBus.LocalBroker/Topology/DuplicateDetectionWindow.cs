namespace Cqrs.ServiceBus.LocalBroker.Topology;

/// <summary>The duplicate detection history time window's default and the range Service Bus accepts.</summary>
internal static class DuplicateDetectionWindow
{
    public static readonly TimeSpan Default = TimeSpan.FromMinutes(10);

    public static readonly TimeSpan Minimum = TimeSpan.FromSeconds(20);

    public static readonly TimeSpan Maximum = TimeSpan.FromDays(7);

    /// <summary>Throws <see cref="ArgumentException"/> when the window is outside the service's range.</summary>
    public static void Validate(IDuplicateDetectionOptions options)
    {
        var window = options.DuplicateDetectionHistoryTimeWindow;
        if (window < Minimum || window > Maximum)
        {
            throw new ArgumentException(
                $"Entity '{options.Name}': DuplicateDetectionHistoryTimeWindow must be from {Minimum} to {Maximum}, as in Service Bus; it is {window}.");
        }
    }
}
