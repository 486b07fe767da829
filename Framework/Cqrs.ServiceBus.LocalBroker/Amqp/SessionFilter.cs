using System.Globalization;
using Microsoft.Azure.Amqp;
using Microsoft.Azure.Amqp.Encoding;
using Microsoft.Azure.Amqp.Framing;

namespace Cqrs.ServiceBus.LocalBroker.Amqp;

/// <summary>
/// The filter by which a receiver asks for a session (<c>com.microsoft:session-filter</c>: the session's id, or null for
/// the next available), and the attach reply that grants it: the filter filled in with the session locked, and the lock's
/// end as <c>com.microsoft:locked-until-utc</c>, a long of UTC DateTime ticks (the .NET client fails without it).
/// </summary>
internal static class SessionFilter
{
    private const string Name = "com.microsoft:session-filter";
    private static readonly AmqpSymbol FilterName = Name;
    private static readonly AmqpSymbol LockedUntilUtc = "com.microsoft:locked-until-utc";
    private static readonly AmqpSymbol ClientTimeout = "com.microsoft:timeout";

    /// <summary>The service's limit on the wait for the next available session, whatever the client asks.</summary>
    private static readonly TimeSpan LongestWait = TimeSpan.FromSeconds(65);

    /// <summary>Whether the attach asks for a session: <paramref name="sessionId"/> is the one named, or <see langword="null"/> for the next available.</summary>
    /// <exception cref="AmqpException">The filter holds something other than a session id.</exception>
    public static bool IsRequested(AmqpLinkSettings settings, out string? sessionId)
    {
        sessionId = null;
        if (settings.Source is not Source { FilterSet: { } filters })
        {
            return false;
        }

        foreach (var (key, value) in filters)
        {
            if (key.ToString() == Name)
            {
                sessionId = value switch
                {
                    null or string => (string?)value,
                    _ => throw new AmqpException(AmqpErrorCode.InvalidField, $"The session filter names a session by a string, not a {value.GetType().Name}."),
                };
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// How long an attach for the next available session waits for one: the <c>com.microsoft:timeout</c> (milliseconds)
    /// its client sets, which the JavaScript SDK sets just under its own timeout, up to the service's limit, which is also
    /// the wait of clients that set none (the .NET client, which gives up after its try timeout).
    /// </summary>
    public static TimeSpan NextSessionWait(AmqpLinkSettings settings) =>
        settings.Properties?[ClientTimeout] is { } milliseconds && Convert.ToDouble(milliseconds, CultureInfo.InvariantCulture) is var asked and >= 0
            ? TimeSpan.FromMilliseconds(Math.Min(asked, LongestWait.TotalMilliseconds))
            : LongestWait;

    /// <summary>Fills in the attach reply for the session granted.</summary>
    public static void Grant(AmqpLinkSettings settings, string sessionId, DateTime lockedUntil)
    {
        ((Source)settings.Source).FilterSet[FilterName] = sessionId;
        settings.UpsertProperty(LockedUntilUtc, lockedUntil.Ticks);
    }
}
