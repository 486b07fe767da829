using Microsoft.Azure.Amqp;
using Microsoft.Azure.Amqp.Framing;
using Microsoft.Azure.Amqp.Sasl;

namespace Cqrs.ServiceBus.LocalBroker.Tests;

/// <summary>
/// A connection and session made with Microsoft.Azure.Amqp's own client types, for opening links the way clients other
/// than Azure.Messaging.ServiceBus do (the JavaScript SDK's rhea, Qpid Proton): the broker sees only the frames.
/// </summary>
internal sealed class RawAmqpSession : IAsyncDisposable
{
    private readonly AmqpConnection connection;

    private RawAmqpSession(AmqpConnection connection, AmqpSession session)
    {
        this.connection = connection;
        Session = session;
    }

    public AmqpSession Session { get; }

    public static async Task<RawAmqpSession> OpenAsync(int port, TimeSpan timeout)
    {
        var connection = await new AmqpConnectionFactory().OpenConnectionAsync(new Uri($"amqp://127.0.0.1:{port}"), new SaslAnonymousHandler("MSSBCBS"), timeout);
        var session = connection.CreateSession(new AmqpSessionSettings());
        await session.OpenAsync(timeout);
        return new RawAmqpSession(connection, session);
    }

    /// <summary>A receiver whose credit the test issues itself (no automatic flow), as rhea's receivers are driven.</summary>
    public async Task<ReceivingAmqpLink> OpenReceiverAsync(string name, Source source, Target? target, TimeSpan timeout)
    {
        var link = new ReceivingAmqpLink(Session, new AmqpLinkSettings
        {
            LinkName = name,
            Role = true,
            Source = source,
            Target = target,
            TotalLinkCredit = 0,
            AutoSendFlow = false,
            SettleType = SettleMode.SettleOnSend,
        });
        await link.OpenAsync(timeout);
        return link;
    }

    public async Task<SendingAmqpLink> OpenSenderAsync(string name, Target target, TimeSpan timeout)
    {
        var link = new SendingAmqpLink(Session, new AmqpLinkSettings
        {
            LinkName = name,
            Role = false,
            Source = new Source { Address = name },
            Target = target,
            SettleType = SettleMode.SettleOnSend,
        });
        await link.OpenAsync(timeout);
        return link;
    }

    public async ValueTask DisposeAsync() => await connection.CloseAsync(TimeSpan.FromSeconds(5));
}
