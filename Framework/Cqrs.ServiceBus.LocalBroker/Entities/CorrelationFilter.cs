using System.Globalization;
using Cqrs.ServiceBus.LocalBroker.Topology;
using Microsoft.Azure.Amqp.Encoding;

namespace Cqrs.ServiceBus.LocalBroker.Entities;

/// <summary>A subscription's correlation filter: every value it sets must equal the message's.</summary>
internal sealed class CorrelationFilter(CorrelationFilterOptions options)
{
    public bool Matches(MessageContent content)
    {
        var properties = content.Properties;
        if (!Same(options.Subject, properties?.Subject)
            || !Same(options.CorrelationId, properties?.CorrelationId?.ToString())
            || !Same(options.ContentType, properties?.ContentType.Value))
        {
            return false;
        }

        foreach (var (name, expected) in options.ApplicationProperties)
        {
            var actual = content.ApplicationProperties?.Map[new MapKey(name)];
            if (actual is null || !string.Equals(Text(actual), expected, StringComparison.Ordinal))
            {
                return false;
            }
        }

        return true;
    }

    private static bool Same(string? expected, string? actual) =>
        expected is null || string.Equals(expected, actual, StringComparison.Ordinal);

    private static string? Text(object value) => value switch
    {
        bool flag => flag ? "true" : "false",
        IFormattable formattable => formattable.ToString(null, CultureInfo.InvariantCulture),
        _ => value.ToString(),
    };
}
