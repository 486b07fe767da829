using System.Collections.Concurrent;
using Microsoft.Azure.Amqp;

namespace Cqrs.ServiceBus.LocalBroker.Amqp;

/// <summary>
/// One connection's reply links for <c>$cbs</c> and <c>$management</c>, by the address a request names in reply-to
/// (the client's receive link target, or its name when it has no target). Kept in the connection's extensions.
/// </summary>
internal sealed class ReplyLinks
{
    private readonly ConcurrentDictionary<string, SendingAmqpLink> links = new(StringComparer.Ordinal);

    public static ReplyLinks Of(AmqpConnection connection) =>
        connection.Extensions.Find<ReplyLinks>() ?? throw new InvalidOperationException("The connection has no reply links.");

    public void Add(string address, SendingAmqpLink link)
    {
        links[address] = link;
        link.Closed += (_, _) => links.TryRemove(new KeyValuePair<string, SendingAmqpLink>(address, link));
    }

    /// <summary>The link whose target is <paramref name="replyTo"/>, or <see langword="null"/> when none is attached.</summary>
    public SendingAmqpLink? Find(string? replyTo) => replyTo is not null && links.TryGetValue(replyTo, out var link) ? link : null;

    /// <summary>Sends a reply, pre-settled, on a reply link.</summary>
    public static void Send(SendingAmqpLink link, AmqpMessage reply) =>
        link.SendMessageNoWait(reply, new ArraySegment<byte>(Guid.NewGuid().ToByteArray()), AmqpConstants.NullBinary);
}
