using Azure.Messaging.ServiceBus;
using Microsoft.Azure.Amqp;
using Microsoft.Azure.Amqp.Framing;
using Cqrs.Tests.Shared;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Time.Testing;

namespace Cqrs.ServiceBus.LocalBroker.Tests.Sessions;

/// <summary>
/// An accept of the next available session when none has messages waits, on the broker's clock: it is granted the first
/// session whose message arrives, or refused with the service's timeout once the wait is over.
/// </summary>
public sealed class SessionWaitTests : BrokerTest, IDisposable
{
    private readonly FakeTimeProvider clock = new();
    private readonly CapturedLogs logs = new();
    private readonly LoggerFactory loggerFactory;

    public SessionWaitTests() => loggerFactory = new LoggerFactory([logs]);

    protected override BrokerTopology Topology() => new BrokerTopology().AddQueue("orders", queue => queue.RequiresSession = true);

    protected override LocalServiceBusBrokerOptions Options() => new() { TimeProvider = clock, LoggerFactory = loggerFactory };

    public void Dispose() => loggerFactory.Dispose();

    [Fact]
    public async Task AcceptNextSession_WithNoSessionAvailable_FailsWithServiceTimeoutWhenTheWaitIsOver()
    {
        await using var client = NoRetryClient(Patience);
        var accepting = client.AcceptNextSessionAsync("orders");
        await WaitingForASession();

        clock.Advance(TimeSpan.FromMinutes(2)); // past the service's longest wait

        var error = await Assert.ThrowsAsync<ServiceBusException>(() => accepting.WaitAsync(Patience));
        Assert.Equal(ServiceBusFailureReason.ServiceTimeout, error.Reason);
    }

    [Fact]
    public async Task AcceptNextSession_Waiting_IsGrantedTheSessionOfTheNextMessageSent()
    {
        var accepting = Client.AcceptNextSessionAsync("orders");
        await WaitingForASession();
        await using var sender = Client.CreateSender("orders");

        await sender.SendMessageAsync(SessionMessage("late", "late-1"));

        await using var receiver = await accepting.WaitAsync(Patience);
        var received = await ReceiveOne(receiver);
        Assert.Equal(("late", "late-1"), (receiver.SessionId, received.MessageId));
        await receiver.CompleteMessageAsync(received);
    }

    [Fact]
    public async Task AcceptNextSession_WithPrefetch_Waiting_IsSentItsSessionsMessageOnlyOnceAttached()
    {
        // A prefetching receiver sends its credit along with its attach: the grant must not use it before the attach
        // reply, or the client aborts the link and the message comes back counted.
        var accepting = Client.AcceptNextSessionAsync("orders", new ServiceBusSessionReceiverOptions { PrefetchCount = 5 });
        await WaitingForASession();
        await using var sender = Client.CreateSender("orders");

        await sender.SendMessageAsync(SessionMessage("late", "late-1"));

        await using var receiver = await accepting.WaitAsync(Patience);
        var received = await ReceiveOne(receiver);
        Assert.Equal(("late", "late-1", 1), (receiver.SessionId, received.MessageId, received.DeliveryCount));
    }

    [Fact]
    public async Task AcceptNextSession_GivenUpByItsClient_LeavesTheNextSessionToOthers()
    {
        await using (var impatient = NoRetryClient(TimeSpan.FromSeconds(1)))
        {
            var error = await Assert.ThrowsAsync<ServiceBusException>(() => impatient.AcceptNextSessionAsync("orders").WaitAsync(Patience));
            Assert.Equal(ServiceBusFailureReason.ServiceTimeout, error.Reason);
        }

        await using var sender = Client.CreateSender("orders");
        await sender.SendMessageAsync(SessionMessage("s", "s-1"));

        // The client did not detach its link when it gave up: the broker may grant that link the session, and takes it
        // back when the link goes. Either way the session is the next receiver's, not held for a gone one.
        await using var receiver = await Client.AcceptNextSessionAsync("orders");
        Assert.Equal("s", receiver.SessionId);
    }

    [Fact]
    public async Task AcceptNextSession_WhoseConnectionClosedWhileItWaited_LeavesTheNextSessionToOthers()
    {
        Task opening;
        await using (var amqp = await RawAmqpSession.OpenAsync(Broker.Port, Patience))
        {
            var waiting = new ReceivingAmqpLink(amqp.Session, new AmqpLinkSettings
            {
                LinkName = "gone",
                Role = true,
                Source = new Source { Address = "/orders", FilterSet = new FilterSet { ["com.microsoft:session-filter"] = null } },
                Target = new Target { Address = "gone" },
                SettleType = SettleMode.SettleOnDispose,
            });
            opening = waiting.OpenAsync(Patience);
            await WaitingForASession();
        }

        Assert.NotNull(await Record.ExceptionAsync(() => opening));
        await using var sender = Client.CreateSender("orders");
        await sender.SendMessageAsync(SessionMessage("s", "s-1"));

        // The broker closed the link with its connection, ending its wait: the session is not granted to it.
        await using var receiver = await Client.AcceptNextSessionAsync("orders");
        Assert.Equal(("s", "s-1"), (receiver.SessionId, (await ReceiveOne(receiver)).MessageId));
    }

    private Task<CapturedLogs.Entry> WaitingForASession() =>
        logs.WaitFor(entry => entry.Message.Contains("waits for the next available session", StringComparison.Ordinal), Patience);

    private ServiceBusClient NoRetryClient(TimeSpan tryTimeout) => new(Broker.ConnectionString, new ServiceBusClientOptions
    {
        RetryOptions = new ServiceBusRetryOptions { MaxRetries = 0, TryTimeout = tryTimeout },
    });
}
