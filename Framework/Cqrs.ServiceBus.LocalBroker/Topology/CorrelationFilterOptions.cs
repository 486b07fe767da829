namespace Cqrs.ServiceBus.LocalBroker.Topology;

/// <summary>
/// A correlation filter, as Service Bus defines it: a message matches when every value set here equals the message's
/// (Subject, CorrelationId, ContentType, and each listed application property, compared as text).
/// </summary>
public sealed class CorrelationFilterOptions
{
    /// <summary>The Subject (AMQP subject, once called Label) to match, or <see langword="null"/>.</summary>
    public string? Subject { get; set; }

    /// <summary>The CorrelationId to match, or <see langword="null"/>.</summary>
    public string? CorrelationId { get; set; }

    /// <summary>The ContentType to match, or <see langword="null"/>.</summary>
    public string? ContentType { get; set; }

    /// <summary>Application properties that must all be present with these values.</summary>
    public Dictionary<string, string> ApplicationProperties { get; init; } = new(StringComparer.Ordinal);
}
