namespace Sample.Domain.Deliveries;

/// <summary>The delivery flow's settings: the <c>Deliveries</c> configuration section of the app that hosts it.</summary>
public sealed class DeliveryOptions
{
    public const string SectionName = "Deliveries";

    /// <summary>How long after its request a delivery may take before it is overdue. Default two hours.</summary>
    public TimeSpan Deadline { get; set; } = TimeSpan.FromHours(2);
}
