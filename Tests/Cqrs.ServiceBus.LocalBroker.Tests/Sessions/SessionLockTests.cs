using Azure.Messaging.ServiceBus;
using Microsoft.Extensions.Time.Testing;

namespace Cqrs.ServiceBus.LocalBroker.Tests.Sessions;

/// <summary>
/// Session locks on the broker's clock, a fake one the tests move on: a session lock lasts the lock duration unless
/// renewed, and when it runs out the session and its unsettled messages go to the next receiver.
/// </summary>
public sealed class SessionLockTests : BrokerTest
{
    private static readonly TimeSpan LockDuration = TimeSpan.FromSeconds(1);

    /// <summary>Past a lock's expiry, and past the broker's next sweep after it.</summary>
    private static readonly TimeSpan PastTheLock = LockDuration + TimeSpan.FromMilliseconds(100);

    private readonly FakeTimeProvider clock = new();

    /// <summary>Shorter than the period of the broker's sweep, which takes back the locks that ran out.</summary>
    private static readonly TimeSpan LockShorterThanASweep = TimeSpan.FromMilliseconds(10);

    protected override BrokerTopology Topology() => new BrokerTopology()
        .AddQueue("orders", queue =>
        {
            queue.RequiresSession = true;
            queue.LockDuration = LockDuration;
        })
        .AddQueue("brief", queue =>
        {
            queue.RequiresSession = true;
            queue.LockDuration = LockShorterThanASweep;
        });

    protected override LocalServiceBusBrokerOptions Options() => new() { TimeProvider = clock };

    [Fact]
    public async Task RenewSessionLock_ExtendsTheSessionLock_AndTheLocksOfItsMessages()
    {
        await SendToSession("a", "a-1");
        await using var receiver = await Client.AcceptSessionAsync("orders", "a");
        var received = await ReceiveOne(receiver);
        var firstExpiry = receiver.SessionLockedUntil;

        clock.Advance(LockDuration * 0.6);
        await receiver.RenewSessionLockAsync();
        clock.Advance(LockDuration * 0.6);

        // Past the first expiry, within the renewed one: the session and the message it had locked are still held.
        Assert.Equal(firstExpiry + LockDuration * 0.6, receiver.SessionLockedUntil);
        await receiver.CompleteMessageAsync(received);
    }

    [Fact]
    public async Task ExpiredSessionLock_HandsTheSessionToTheNextReceiver_WithItsUnsettledMessageCountedOnce()
    {
        await SendToSession("a", "a-1", "a-2");
        await using var first = await Client.AcceptNextSessionAsync("orders");
        var unsettled = await ReceiveOne(first);

        clock.Advance(PastTheLock);
        await using var next = await Client.AcceptNextSessionAsync("orders");
        var again = await ReceiveOne(next);

        Assert.Equal(("a", "a-1", 2), (next.SessionId, again.MessageId, again.DeliveryCount));
        Assert.Equal(unsettled.SequenceNumber, again.SequenceNumber);
        Assert.Equal("a-2", (await ReceiveOne(next)).MessageId);
    }

    [Fact]
    public async Task Settlement_AfterTheSessionLockIsLost_Fails_AndTheMessageIsTheNextHoldersCountedOnce()
    {
        await SendToSession("a", "a-1");
        await using var receiver = await Client.AcceptSessionAsync("orders", "a");
        var received = await ReceiveOne(receiver);

        clock.Advance(PastTheLock);

        AssertSessionLockLost(await Record.ExceptionAsync(() => receiver.CompleteMessageAsync(received)));
        AssertSessionLockLost(await Record.ExceptionAsync(() => receiver.RenewSessionLockAsync()));
        await using var next = await Client.AcceptSessionAsync("orders", "a");
        var again = await ReceiveOne(next);
        Assert.Equal(("a-1", 2), (again.MessageId, again.DeliveryCount));
        await next.CompleteMessageAsync(again);
    }

    [Fact]
    public async Task Settlement_AfterTheSessionLockRanOut_ButBeforeItIsTakenBack_FailsWithSessionLockLost()
    {
        await using var sender = Client.CreateSender("brief");
        await sender.SendMessageAsync(SessionMessage("a", "a-1"));
        await using var receiver = await Client.AcceptSessionAsync("brief", "a");
        var received = await ReceiveOne(receiver);

        // Past the lock, short of the broker's first sweep: the receiver's link is still attached, so the settlement
        // and the renewal reach the broker, which refuses them.
        clock.Advance(LockShorterThanASweep * 2);

        var complete = await Assert.ThrowsAsync<ServiceBusException>(() => receiver.CompleteMessageAsync(received));
        Assert.Equal(ServiceBusFailureReason.SessionLockLost, complete.Reason);
        var renew = await Assert.ThrowsAsync<ServiceBusException>(() => receiver.RenewSessionLockAsync());
        Assert.Equal(ServiceBusFailureReason.SessionLockLost, renew.Reason);
    }

    [Fact]
    public async Task SessionLock_TakenByTheNextReceiverAfterExpiry_IsNotTheFormerHolders()
    {
        await SendToSession("a", "a-1");
        await using var former = await Client.AcceptSessionAsync("orders", "a");
        clock.Advance(PastTheLock);
        await using var holder = await Client.AcceptSessionAsync("orders", "a");

        AssertSessionLockLost(await Record.ExceptionAsync(() => former.RenewSessionLockAsync()));
        await holder.RenewSessionLockAsync();
        Assert.Equal("a-1", (await ReceiveOne(holder)).MessageId);
    }

    /// <summary>
    /// The broker detaches a receiver whose session lock ran out, with com.microsoft:session-lock-lost, as the service
    /// does. Client 7.x then reports any operation on that receiver as ObjectDisposedException (its receiver is closed
    /// once its session link is); one that reached the broker before the detach is refused with SessionLockLost.
    /// </summary>
    private static void AssertSessionLockLost(Exception? error) =>
        Assert.True(
            error is ObjectDisposedException or ServiceBusException { Reason: ServiceBusFailureReason.SessionLockLost },
            $"Expected the session lock to be lost, got {error?.GetType().Name ?? "success"}: {error?.Message}");

    private async Task SendToSession(string sessionId, params string[] ids)
    {
        await using var sender = Client.CreateSender("orders");
        await sender.SendMessagesAsync(ids.Select(id => SessionMessage(sessionId, id)));
    }
}
