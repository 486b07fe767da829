using Cqrs.EventSourcing.Tests.Support;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Sample.Domain.Accounts;

namespace Cqrs.EventSourcing.Tests.Stores;

/// <summary>Outbox entries that can never be published are set aside, so they hold back no other event, on every store.</summary>
public abstract partial class EventStoreContractTests
{
    [Fact]
    public async Task Outbox_EventOfARetiredType_IsDeadLetteredWithItsReasonAndTheRestPublished()
    {
        var store = CreateStore();
        await store.AppendAsync("aaa-retired", ExpectedVersion.NoStream, [new NewEvent(Guid.NewGuid(), "sample.v0.retired-event", new byte[] { 0x90 }, Guid.NewGuid(), Guid.Empty)]);

        await AssertSetAsideAndRestPublishedAsync(store, new StreamPosition("aaa-retired", 1), "sample.v0.retired-event");
    }

    [Fact]
    public async Task Outbox_DamagedEvent_IsDeadLetteredWithItsReasonAndTheRestPublished()
    {
        var store = CreateStore();
        await store.AppendAsync("aaa-damaged", ExpectedVersion.NoStream, NewEvents(1));
        await CorruptAsync(store, new StreamPosition("aaa-damaged", 1));

        await AssertSetAsideAndRestPublishedAsync(store, new StreamPosition("aaa-damaged", 1), "aaa-damaged");
    }

    /// <summary>
    /// Puts good events in the outbox after the poison one (the oldest: the first every sweep reads), starts a host
    /// (its sweep runs at start; the host, not started before, owns the store and disposes it at the end), and checks that the good ones are delivered and the poison one set aside.
    /// </summary>
    protected static async Task AssertSetAsideAndRestPublishedAsync(StoreSet store, StreamPosition poison, string reasonNames)
    {
        using var host = Domain.Create(store);
        var deposits = await AppendAccountEventsAsync(host, store, deposits: 5);
        await host.StartAsync();

        var deliveries = host.Services.GetRequiredService<Deliveries>();
        await deliveries.WaitForAsync(deposits.Count);
        await WaitUntilAsync(async () => (await store.ReadUnpublishedAsync(10)).Count == 0);
        await host.StopAsync();

        Assert.Equal(deposits.Order(), deliveries.ByMessageId.Keys.Order());
        var deadLetter = Assert.Single(await store.ReadDeadLettersAsync(10));
        Assert.Equal(poison, deadLetter.Position);
        Assert.Contains(reasonNames, deadLetter.Reason, StringComparison.Ordinal);
    }

    /// <summary>What an earlier process left in the outbox: an account opened and its deposits; returns the deposits' ids.</summary>
    private static async Task<List<Guid>> AppendAccountEventsAsync(IHost host, StoreSet store, int deposits)
    {
        var codec = host.Services.GetRequiredService<EventCodec>();
        IEvent[] history = [new AccountOpened("acc-1", "Ada"), .. Enumerable.Range(1, deposits).Select(amount => new MoneyDeposited("acc-1", amount))];
        var events = await Task.WhenAll(history.Select(@event => codec.ToNewEventAsync(@event, null, Guid.Empty, CancellationToken.None).AsTask()));
        await store.AppendAsync("sample.v1.account-acc-1", ExpectedVersion.NoStream, events);
        return [.. events.Skip(1).Select(added => added.EventId)];
    }
}
