using Microsoft.Azure.Amqp;
using Microsoft.Azure.Amqp.Framing;

namespace Cqrs.ServiceBus.LocalBroker.Tests;

/// <summary>
/// A plain AMQP 1.0 client (Microsoft.Azure.Amqp used directly, with none of the Service Bus client's CBS or
/// conventions), for what generic clients do: SASL PLAIN, outcomes with an error of their own.
/// </summary>
internal sealed class GenericAmqpClient : IAsyncDisposable
{
    private static readonly TimeSpan Patience = TimeSpan.FromSeconds(30);

    private readonly AmqpConnection connection;

    private GenericAmqpClient(AmqpConnection connection) => this.connection = connection;

    /// <summary>Connects with SASL PLAIN (the factory uses PLAIN when the address carries a user name and password).</summary>
    public static async Task<GenericAmqpClient> ConnectWithPlainAsync(int port, string keyName, string key) =>
        new(await new AmqpConnectionFactory().OpenConnectionAsync(new Uri($"amqp://{keyName}:{key}@127.0.0.1:{port}"), Patience));

    /// <summary>A peek-lock receiver (rcv-settle-mode second) on <paramref name="address"/>, with one credit.</summary>
    public Task<ReceivingAmqpLink> OpenReceiverAsync(string address) => OpenReceiverAsync(new Source { Address = address });

    /// <summary>A peek-lock receiver (rcv-settle-mode second) from <paramref name="source"/>, with one credit.</summary>
    public async Task<ReceivingAmqpLink> OpenReceiverAsync(Source source)
    {
        var session = connection.CreateSession(new AmqpSessionSettings());
        await session.OpenAsync(Patience);
        var link = new ReceivingAmqpLink(session, new AmqpLinkSettings
        {
            LinkName = $"receiver-{Guid.NewGuid()}",
            Role = true,
            Source = source,
            Target = new Target { Address = $"generic-{Guid.NewGuid()}" },
            SettleType = SettleMode.SettleOnDispose,
            TotalLinkCredit = 1,
            AutoSendFlow = true,
        });
        await link.OpenAsync(Patience);
        return link;
    }

    /// <summary>A sender to <paramref name="address"/> whose transfers the broker settles with an outcome.</summary>
    public Task<SendingAmqpLink> OpenSenderAsync(string address) => OpenSenderAsync(new Target { Address = address });

    /// <summary>A sender to <paramref name="target"/> (a <see cref="Target"/>, or a transaction <see cref="Microsoft.Azure.Amqp.Transaction.Coordinator"/>).</summary>
    public async Task<SendingAmqpLink> OpenSenderAsync(object target)
    {
        var session = connection.CreateSession(new AmqpSessionSettings());
        await session.OpenAsync(Patience);
        var link = new SendingAmqpLink(session, new AmqpLinkSettings
        {
            LinkName = $"sender-{Guid.NewGuid()}",
            Role = false,
            Source = new Source { Address = $"generic-{Guid.NewGuid()}" },
            Target = target,
            SettleType = SettleMode.SettleOnReceive,
        });
        await link.OpenAsync(Patience);
        return link;
    }

    public async ValueTask DisposeAsync() => await connection.CloseAsync(Patience);
}
