using Cqrs.ServiceBus.LocalBroker.Topology;

namespace Cqrs.ServiceBus.LocalBroker.Entities;

/// <summary>
/// One named rule of a subscription, as Service Bus has them: a true filter (every message), a false filter (none) or
/// a correlation filter. Immutable, so a send on another thread always sees a whole rule.
/// </summary>
internal sealed class SubscriptionRule
{
    /// <summary>The name Service Bus gives the rule a subscription is created with.</summary>
    public const string DefaultName = "$Default";

    private readonly CorrelationFilter? correlation;

    private SubscriptionRule(string name, bool? constant, CorrelationFilterOptions? filter, IReadOnlyDictionary<string, string>? propertyTypes)
    {
        Name = name;
        PropertyTypes = propertyTypes ?? new Dictionary<string, string>();
        Constant = constant;
        Filter = filter;
        correlation = filter is null ? null : new CorrelationFilter(filter);
    }

    public string Name { get; }

    /// <summary>True for a true filter, false for a false filter, <see langword="null"/> for a correlation filter.</summary>
    public bool? Constant { get; }

    /// <summary>The correlation filter, or <see langword="null"/> for a true or false filter.</summary>
    public CorrelationFilterOptions? Filter { get; }

    /// <summary>
    /// The XML Schema type (<c>string</c>, <c>int</c>, ...) each filtered application property was given when the rule
    /// was created over the administration endpoint: matching compares text, but a get returns what was created.
    /// </summary>
    public IReadOnlyDictionary<string, string> PropertyTypes { get; }

    public DateTime CreatedAt { get; } = DateTime.UtcNow;

    public static SubscriptionRule Matching(string name, bool everything) => new(name, everything, null, null);

    public static SubscriptionRule Correlating(string name, CorrelationFilterOptions filter, IReadOnlyDictionary<string, string>? propertyTypes = null) =>
        new(name, null, filter, propertyTypes);

    public bool Matches(MessageContent content) => Constant ?? correlation!.Matches(content);
}
