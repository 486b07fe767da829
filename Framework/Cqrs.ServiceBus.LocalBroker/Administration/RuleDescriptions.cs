using System.Xml.Linq;
using Cqrs.ServiceBus.LocalBroker.Entities;
using Cqrs.ServiceBus.LocalBroker.Topology;
using static Cqrs.ServiceBus.LocalBroker.Administration.AtomXml;

namespace Cqrs.ServiceBus.LocalBroker.Administration;

/// <summary>
/// Rule descriptions: a <c>Filter</c> typed by <c>i:type</c> (TrueFilter, FalseFilter, CorrelationFilter, or a SqlFilter
/// of <c>1=1</c> / <c>1=0</c>), an optional <c>Action</c> and a <c>Name</c>. A correlation filter's Subject travels as
/// <c>Label</c>; its application properties as <c>KeyValueOfstringanyType</c> pairs whose value carries its XML Schema
/// type, kept so a get returns the type that was created. SQL expressions, rule actions and correlation on other
/// properties are refused: the broker does not evaluate them.
/// </summary>
internal static class RuleDescriptions
{
    private const string TypePrefix = "d";

    /// <summary>The rule a <c>Filter</c> element describes (a missing one is a true filter, as in the service).</summary>
    /// <exception cref="NotSupportedException">A filter or action the broker does not evaluate.</exception>
    public static SubscriptionRule Read(string name, XElement? filter, XElement? action)
    {
        if (action is not null && TypeOf(action) is not (null or "EmptyRuleAction"))
        {
            throw new NotSupportedException("The local broker does not implement rule actions.");
        }

        return TypeOf(filter) switch
        {
            null or "TrueFilter" => SubscriptionRule.Matching(name, everything: true),
            "FalseFilter" => SubscriptionRule.Matching(name, everything: false),
            "SqlFilter" => SqlConstant(name, filter!),
            "CorrelationFilter" => ReadCorrelation(name, filter!),
            var other => throw new NotSupportedException($"The local broker does not implement the filter type '{other}'."),
        };
    }

    public static XElement Write(SubscriptionRule rule) => new(
        Connect + "RuleDescription",
        new XAttribute(XNamespace.Xmlns + TypePrefix, Schema),
        Filter(rule),
        Element("Name", rule.Name),
        Element("CreatedAt", Timestamp(rule.CreatedAt)));

    private static XElement Filter(SubscriptionRule rule)
    {
        if (rule.Filter is not { } correlation)
        {
            return new XElement(
                Connect + "Filter",
                new XAttribute(Instance + "type", rule.Constant == true ? "TrueFilter" : "FalseFilter"),
                Element("SqlExpression", rule.Constant == true ? "1=1" : "1=0"));
        }

        return new XElement(
            Connect + "Filter",
            new XAttribute(Instance + "type", "CorrelationFilter"),
            correlation.CorrelationId is { } correlationId ? Element("CorrelationId", correlationId) : null,
            correlation.Subject is { } subject ? Element("Label", subject) : null,
            correlation.ContentType is { } contentType ? Element("ContentType", contentType) : null,
            Element("Properties", correlation.ApplicationProperties.Select(property => Element(
                "KeyValueOfstringanyType",
                new[]
                {
                    Element("Key", property.Key),
                    new XElement(Connect + "Value", new XAttribute(Instance + "type", $"{TypePrefix}:{rule.PropertyTypes.GetValueOrDefault(property.Key, "string")}"), property.Value),
                }))));
    }

    private static SubscriptionRule SqlConstant(string name, XElement filter) =>
        filter.Element(Connect + "SqlExpression")?.Value.Replace(" ", "", StringComparison.Ordinal) switch
        {
            "1=1" => SubscriptionRule.Matching(name, everything: true),
            "1=0" => SubscriptionRule.Matching(name, everything: false),
            _ => throw new NotSupportedException("The local broker does not evaluate SQL filters; use a correlation filter."),
        };

    private static SubscriptionRule ReadCorrelation(string name, XElement filter)
    {
        var correlation = new CorrelationFilterOptions();
        var types = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (var element in filter.Elements())
        {
            switch (element.Name.LocalName)
            {
                case "Label":
                    correlation.Subject = element.Value;
                    break;
                case "CorrelationId":
                    correlation.CorrelationId = element.Value;
                    break;
                case "ContentType":
                    correlation.ContentType = element.Value;
                    break;
                case "Properties":
                    foreach (var pair in element.Elements(Connect + "KeyValueOfstringanyType"))
                    {
                        var key = pair.Element(Connect + "Key")?.Value ?? throw new FormatException("A correlation property has no key.");
                        correlation.ApplicationProperties[key] = pair.Element(Connect + "Value")?.Value ?? "";
                        types[key] = TypeOf(pair.Element(Connect + "Value"))?.Split(':')[^1] ?? "string";
                    }

                    break;
                default:
                    throw new NotSupportedException($"The local broker's correlation filters do not match on {element.Name.LocalName}.");
            }
        }

        return SubscriptionRule.Correlating(name, correlation, types);
    }

    private static string? TypeOf(XElement? element) => element?.Attribute(Instance + "type")?.Value;
}
