using Azure.Messaging.ServiceBus;
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
    public async Task AcceptNextSession_GivenUpByItsClient_LeavesTheNextSessionToOthers()
    {
        await using (var impatient = NoRetryClient(TimeSpan.FromSeconds(1)))
        {
            var error = await Assert.ThrowsAsync<ServiceBusException>(() => impatient.AcceptNextSessionAsync("orders").WaitAsync(Patience));
            Assert.Equal(ServiceBusFailureReason.ServiceTimeout, error.Reason);
        }

        await using var sender = Client.CreateSender("orders");
        await sender.SendMessageAsync(SessionMessage("s", "s-1"));

        // Its wait ended when its link closed: the session is there for the next receiver, not held for a gone one.
        await using var receiver = await Client.AcceptNextSessionAsync("orders");
        Assert.Equal("s", receiver.SessionId);
    }

    private Task<CapturedLogs.Entry> WaitingForASession() =>
        logs.WaitFor(entry => entry.Message.Contains("waits for the next available session", StringComparison.Ordinal), Patience);

    private ServiceBusClient NoRetryClient(TimeSpan tryTimeout) => new(Broker.ConnectionString, new ServiceBusClientOptions
    {
        RetryOptions = new ServiceBusRetryOptions { MaxRetries = 0, TryTimeout = tryTimeout },
    });
}
