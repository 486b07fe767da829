using Microsoft.Azure.Amqp.Encoding;

namespace Cqrs.ServiceBus.LocalBroker.Codec;

/// <summary>Reads AMQP maps (which the library does not expose as enumerables LINQ can use).</summary>
internal static class AmqpMaps
{
    /// <summary>The value under a string key, or <see langword="null"/>.</summary>
    public static object? Get(this AmqpMap map, string key) => map[new MapKey(key)];

    /// <summary>The entries of <paramref name="map"/>, or none when it is <see langword="null"/>.</summary>
    public static List<KeyValuePair<MapKey, object>> Pairs(AmqpMap? map)
    {
        var pairs = new List<KeyValuePair<MapKey, object>>();
        if (map is not null)
        {
            foreach (var pair in map)
            {
                pairs.Add(pair);
            }
        }

        return pairs;
    }
}
