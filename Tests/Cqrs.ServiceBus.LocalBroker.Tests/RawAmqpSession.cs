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

    /// <summary>Connects with <paramref name="sasl"/> (default the Service Bus clients' anonymous <c>MSSBCBS</c>) and opens a session.</summary>
    public static async Task<RawAmqpSession> OpenAsync(int port, TimeSpan timeout, SaslHandler? sasl = null)
    {
        var connection = await new AmqpConnectionFactory().OpenConnectionAsync(new Uri($"amqp://127.0.0.1:{port}"), sasl ?? new SaslAnonymousHandler("MSSBCBS"), timeout);
        var session = connection.CreateSession(new AmqpSessionSettings());
        await session.OpenAsync(timeout);
        return new RawAmqpSession(connection, session);
    }

    /// <summary>
    /// A receiver whose credit the test issues itself (no automatic flow), as rhea's receivers are driven; settled on
    /// send (receive-and-delete) unless <paramref name="settleMode"/> says otherwise (peek-lock: settle on dispose).
    /// </summary>
    public async Task<ReceivingAmqpLink> OpenReceiverAsync(string name, Source source, Target? target, TimeSpan timeout, SettleMode settleMode = SettleMode.SettleOnSend)
    {
        var link = new ReceivingAmqpLink(Session, new AmqpLinkSettings
        {
            LinkName = name,
            Role = true,
            Source = source,
            Target = target,
            TotalLinkCredit = 0,
            AutoSendFlow = false,
            SettleType = settleMode,
        });
        await link.OpenAsync(timeout);
        return link;
    }

    /// <summary>
    /// A sender to <paramref name="target"/> (a <see cref="Target"/>, or a transaction coordinator), its transfers settled
    /// on send unless <paramref name="settleMode"/> asks for the broker's outcome (settle on receive).
    /// </summary>
    public async Task<SendingAmqpLink> OpenSenderAsync(string name, object target, TimeSpan timeout, SettleMode settleMode = SettleMode.SettleOnSend)
    {
        var link = new SendingAmqpLink(Session, new AmqpLinkSettings
        {
            LinkName = name,
            Role = false,
            Source = new Source { Address = name },
            Target = target,
            SettleType = settleMode,
        });
        await link.OpenAsync(timeout);
        return link;
    }

    public async ValueTask DisposeAsync() => await connection.CloseAsync(TimeSpan.FromSeconds(5));
}
