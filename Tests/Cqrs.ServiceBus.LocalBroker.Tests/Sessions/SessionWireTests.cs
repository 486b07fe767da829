using Microsoft.Azure.Amqp;
using Microsoft.Azure.Amqp.Encoding;
using Microsoft.Azure.Amqp.Framing;
using Cqrs.Tests.Shared;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Time.Testing;

namespace Cqrs.ServiceBus.LocalBroker.Tests.Sessions;

/// <summary>
/// Sessions frame by frame, with Microsoft.Azure.Amqp's own client types: what the attach reply carries, and the
/// refusals a client sees only in a race (a request from a receiver whose session lock has just run out).
/// </summary>
public sealed class SessionWireTests : BrokerTest, IDisposable
{
    private static readonly TimeSpan LockDuration = TimeSpan.FromSeconds(30);
    private static readonly AmqpSymbol SessionFilter = "com.microsoft:session-filter";

    private readonly FakeTimeProvider clock = new();
    private readonly CapturedLogs logs = new();
    private readonly LoggerFactory loggerFactory;

    public SessionWireTests() => loggerFactory = new LoggerFactory([logs]);

    protected override BrokerTopology Topology() => new BrokerTopology().AddQueue("orders", queue =>
    {
        queue.RequiresSession = true;
        queue.LockDuration = LockDuration;
    });

    protected override LocalServiceBusBrokerOptions Options() => new() { TimeProvider = clock, LoggerFactory = loggerFactory };

    public void Dispose() => loggerFactory.Dispose();

    [Fact]
    public async Task AttachForTheNextSession_IsAnsweredWithTheSessionInTheFilter_AndTheLockEndAsUtcTicks()
    {
        await Send("a", "a-1");
        await using var amqp = await RawAmqpSession.OpenAsync(Broker.Port, Patience);

        var link = await OpenSessionReceiver(amqp, "next", sessionId: null);

        Assert.Equal("a", ((Source)link.Settings.Source).FilterSet[SessionFilter]);
        Assert.Equal((clock.GetUtcNow().UtcDateTime + LockDuration).Ticks, link.Settings.Properties["com.microsoft:locked-until-utc"]);
    }

    [Fact]
    public async Task AttachForTheNextSession_WaitsAsLongAsItsTimeoutProperty_ThenIsRefusedWithTheServicesTimeout()
    {
        await using var amqp = await RawAmqpSession.OpenAsync(Broker.Port, Patience);
        var source = new Source { Address = "/orders", FilterSet = new FilterSet { [SessionFilter] = null } };
        var link = new ReceivingAmqpLink(amqp.Session, new AmqpLinkSettings
        {
            LinkName = "patient",
            Role = true,
            Source = source,
            Target = new Target { Address = "patient" },
            SettleType = SettleMode.SettleOnDispose,
        });
        link.Settings.AddProperty("com.microsoft:timeout", 5000u);
        var opening = link.OpenAsync(Patience);
        await logs.WaitFor(entry => entry.Message.Contains("waits for the next available session", StringComparison.Ordinal), Patience);

        // Far short of the service's longest wait: only the client's property ends it.
        clock.Advance(TimeSpan.FromSeconds(5));

        var refused = await Assert.ThrowsAsync<AmqpException>(() => opening.WaitAsync(Patience));
        Assert.Equal("com.microsoft:timeout", refused.Error.Condition.Value);
    }

    [Fact]
    public async Task ExpiredSessionLock_DetachesTheLinkWithSessionLockLost()
    {
        await Send("a", "a-1");
        await using var amqp = await RawAmqpSession.OpenAsync(Broker.Port, Patience);
        var link = await OpenSessionReceiver(amqp, "holder", "a");
        var closed = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        link.Closed += (_, _) => closed.TrySetResult();

        clock.Advance(LockDuration + TimeSpan.FromSeconds(1));

        await closed.Task.WaitAsync(Patience);
        Assert.Equal("com.microsoft:session-lock-lost", Assert.IsType<AmqpException>(link.TerminalException).Error.Condition.Value);
    }

    [Fact]
    public async Task RenewSessionLock_ForALinkThatDoesNotHoldTheSession_IsRefusedWithSessionLockLost()
    {
        await using var amqp = await RawAmqpSession.OpenAsync(Broker.Port, Patience);
        var holder = await OpenSessionReceiver(amqp, "holder", "a");
        var management = await RawManagement.OpenAsync(amqp, "orders", Patience);

        using var refused = await management.RequestAsync("com.microsoft:renew-session-lock", new AmqpMap { [new MapKey("session-id")] = "a" }, "someone-else");
        using var renewed = await management.RequestAsync("com.microsoft:renew-session-lock", new AmqpMap { [new MapKey("session-id")] = "a" }, holder.Name);

        Assert.Equal((410, "com.microsoft:session-lock-lost"), RawManagement.Status(refused));
        Assert.Equal(200, RawManagement.Status(renewed).Code);
    }

    [Fact]
    public async Task UpdateDisposition_AfterTheSessionLockRanOut_IsRefusedWithSessionLockLost()
    {
        await Send("a", "a-1");
        await using var amqp = await RawAmqpSession.OpenAsync(Broker.Port, Patience);
        var holder = await OpenSessionReceiver(amqp, "holder", "a");
        var management = await RawManagement.OpenAsync(amqp, "orders", Patience);
        holder.IssueCredit(1, false, AmqpConstants.NullBinary);
        using var received = await holder.ReceiveMessageAsync(Patience);
        Assert.NotNull(received);

        clock.Advance(LockDuration + TimeSpan.FromSeconds(1));
        using var refused = await management.RequestAsync("com.microsoft:update-disposition", new AmqpMap
        {
            [new MapKey("lock-tokens")] = new[] { new Guid(received.DeliveryTag) },
            [new MapKey("disposition-status")] = "completed",
            [new MapKey("session-id")] = "a",
        });

        Assert.Equal((410, "com.microsoft:session-lock-lost"), RawManagement.Status(refused));
    }

    private static Task<ReceivingAmqpLink> OpenSessionReceiver(RawAmqpSession amqp, string name, string? sessionId)
    {
        var filters = new FilterSet { [SessionFilter] = sessionId };
        return amqp.OpenReceiverAsync(name, new Source { Address = "/orders", FilterSet = filters }, new Target { Address = name }, Patience, SettleMode.SettleOnDispose);
    }

    private async Task Send(string sessionId, string id)
    {
        await using var sender = Client.CreateSender("orders");
        await sender.SendMessageAsync(SessionMessage(sessionId, id));
    }
}
