using System.Text;
using Cqrs.Identifiers;

namespace Cqrs.ServiceBus;

/// <summary>
/// The native MessageId of an event's copy aimed at one endpoint: the name-based UUID of the endpoint's subscription
/// name (UTF-8) under the copy's <see cref="Transports.TransportMessage.TransportId"/> as namespace. Two endpoints whose
/// handlers share a name make the same TransportId for their copies of one event; on a topic with duplicate detection
/// the second would be dropped, and that endpoint's retry lost. Made again by the same endpoint, a copy gets the same
/// id, which duplicate detection drops. Thread-safe (no state).
/// </summary>
internal static class EndpointCopyIds
{
    public static Guid Of(Guid transportId, string endpoint) => NameBasedUuid.Of(transportId, Encoding.UTF8.GetBytes(endpoint));
}
