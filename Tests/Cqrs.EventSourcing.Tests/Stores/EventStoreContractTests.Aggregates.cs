using Cqrs.EventSourcing.Tests.Support;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Sample.Domain.Accounts;

namespace Cqrs.EventSourcing.Tests.Stores;

/// <summary>Aggregates, snapshots, the outbox after a crash, the inbox and projections: the sample domain on every store.</summary>
public abstract partial class EventStoreContractTests
{
    [Fact]
    public async Task Commands_AppendingEvents_ReachEveryHandlerOnce()
    {
        var store = CreateStore();
        using var host = Domain.Start(store);
        var bus = host.Services.GetRequiredService<ICommandBus>();

        await bus.SendAsync(new OpenAccount("acc-1", "Ada"));
        await WaitUntilAsync(() => host.Services.GetRequiredService<AccountBalances>().Find("acc-1") is not null);
        for (var deposit = 1; deposit <= 5; deposit++)
        {
            await bus.SendAsync(new Deposit("acc-1", deposit));
        }

        var deliveries = host.Services.GetRequiredService<Deliveries>();
        await deliveries.WaitForAsync(5);
        await WaitUntilAsync(() => host.Services.GetRequiredService<AccountBalances>().Find("acc-1")?.Balance == 15m);
        var account = await host.Services.GetRequiredService<IAggregateRepository<Account>>().LoadAsync("acc-1");

        Assert.Equal(new Loaded<Account>(new Account("Ada", 15m, true), 6), account);
        Assert.All(deliveries.ByMessageId.Values, count => Assert.Equal(1, count));
        Assert.Equal(["Ada"], host.Services.GetRequiredService<WelcomeMessages>().Sent);

        // Each event is marked published once every handler has handled it: the last mark may follow the last handler.
        await WaitUntilAsync(async () => (await store.ReadUnpublishedAsync(10)).Count == 0);
    }

    /// <summary>The next process's sweep, on every store. A real crash (SIGKILL) is Crash/SigkillCrashTests, over SQLite.</summary>
    [Fact]
    public async Task Outbox_EventsLeftByAnEarlierProcess_ArePublishedByTheNextEachOnce()
    {
        var store = CreateStore();
        var ids = new List<Guid>();
        using (var before = Domain.Create(store))
        {
            // What a process that stopped between append and publish leaves: events in the store and in its outbox.
            var codec = before.Services.GetRequiredService<EventCodec>();
            IEvent[] history = [new AccountOpened("acc-1", "Ada"), .. Enumerable.Range(1, 20).Select(amount => new MoneyDeposited("acc-1", amount))];
            var events = await Task.WhenAll(history.Select(@event => codec.ToNewEventAsync(@event, null, Guid.Empty, CancellationToken.None).AsTask()));
            ids.AddRange(events.Skip(1).Select(added => added.EventId));
            await store.AppendAsync("sample.v1.account-acc-1", ExpectedVersion.NoStream, events);
        }

        var restarted = Reopen(store);
        using var after = Domain.Start(restarted);
        var deliveries = after.Services.GetRequiredService<Deliveries>();
        await deliveries.WaitForAsync(20);
        await WaitUntilAsync(async () => (await restarted.ReadUnpublishedAsync(10)).Count == 0);
        await after.Services.GetRequiredService<OutboxPublisher>().SweepAsync(CancellationToken.None);
        await after.StopAsync();

        Assert.Equal(ids.Order(), deliveries.ByMessageId.Keys.Order());
        Assert.All(deliveries.ByMessageId.Values, count => Assert.Equal(1, count));
        Assert.Equal(210m, after.Services.GetRequiredService<AccountBalances>().Find("acc-1")?.Balance);
    }

    [Fact]
    public async Task Sweep_AlongsideCommands_PublishesNothingTwice()
    {
        var store = CreateStore();
        using var host = Domain.Start(store, options => options.OutboxSweepInterval = TimeSpan.FromMilliseconds(1));
        var bus = host.Services.GetRequiredService<ICommandBus>();
        var accounts = Enumerable.Range(0, 8).Select(index => $"acc-{index}").ToList();
        foreach (var account in accounts)
        {
            await bus.SendAsync(new OpenAccount(account, "Ada"));
        }

        await WaitUntilAsync(() => accounts.All(account => host.Services.GetRequiredService<AccountBalances>().Find(account) is not null));
        await Task.WhenAll(accounts.Select(account => Task.Run(async () =>
        {
            for (var deposit = 0; deposit < 10; deposit++)
            {
                await bus.SendAsync(new Deposit(account, 1m));
            }
        })));

        var deliveries = host.Services.GetRequiredService<Deliveries>();
        await deliveries.WaitForAsync(80);
        await WaitUntilAsync(async () => (await store.ReadUnpublishedAsync(10)).Count == 0);
        var republished = await host.Services.GetRequiredService<OutboxPublisher>().SweepAsync(CancellationToken.None);

        // Stopping lets every delivery already queued (a second publication among them, were there one) finish.
        await host.StopAsync();

        Assert.Equal(0, republished);
        Assert.Equal(80, deliveries.ByMessageId.Count);
        Assert.All(deliveries.ByMessageId.Values, count => Assert.Equal(1, count));
    }

    [Fact]
    public async Task Snapshots_EveryNEvents_AreTakenAndLoadsStartFromThem()
    {
        var store = CreateStore();
        using var host = Domain.Start(store, options => options.SnapshotEvery = 10, direct: true);
        var repository = host.Services.GetRequiredService<IAggregateRepository<Account>>();
        await repository.ExecuteAsync("acc-1", null, account => account.Decide(new OpenAccount("acc-1", "Ada")));
        for (var deposit = 0; deposit < 24; deposit++)
        {
            await repository.ExecuteAsync("acc-1", null, account => account.Decide(new Deposit("acc-1", 1m)));
        }

        var snapshot = await store.LoadSnapshotAsync(repository.StreamOf("acc-1"));
        Assert.NotNull(snapshot);
        Assert.Equal(20, snapshot.Version);

        // Damage an event the snapshot covers: a load that starts from the snapshot never reads it.
        await CorruptAsync(store, new StreamPosition(repository.StreamOf("acc-1"), 5));
        var loaded = await repository.LoadAsync("acc-1");

        Assert.Equal(new Loaded<Account>(new Account("Ada", 24m, true), 25), loaded);
    }

    [Fact]
    public async Task Commands_ConcurrentOnOneAggregate_AllLandThroughConflictRetries()
    {
        var store = CreateStore();
        using var host = Domain.Start(store, options => options.ConflictRetries = 50);
        var repository = host.Services.GetRequiredService<IAggregateRepository<Account>>();
        await repository.ExecuteAsync("acc-1", null, account => account.Decide(new OpenAccount("acc-1", "Ada")));

        await Task.WhenAll(Enumerable.Range(0, 40).Select(_ => Task.Run(() =>
            repository.ExecuteAsync("acc-1", null, account => account.Decide(new Deposit("acc-1", 1m))))));

        Assert.Equal(new Loaded<Account>(new Account("Ada", 40m, true), 41), await repository.LoadAsync("acc-1"));
    }

    [Fact]
    public async Task Projection_RebuiltFromTheStore_MatchesTheLiveOne()
    {
        var store = CreateStore();
        using var host = Domain.Start(store, direct: true);
        var bus = host.Services.GetRequiredService<ICommandBus>();
        foreach (var id in new[] { "acc-1", "acc-2" })
        {
            await bus.SendAsync(new OpenAccount(id, "Owner " + id));
            await bus.SendAsync(new Deposit(id, 100m));
            await bus.SendAsync(new Withdraw(id, 30m));
        }

        var balances = host.Services.GetRequiredService<AccountBalances>();
        var live = (balances.Find("acc-1"), balances.Find("acc-2"));
        var projection = host.Services.GetServices<IEventHandler<AccountOpened>>().OfType<AccountBalancesProjection>().Single();
        await host.Services.GetRequiredService<ProjectionRunner>().RebuildAsync(projection);

        Assert.Equal(("Owner acc-1", 70m), live.Item1);
        Assert.Equal(live, (balances.Find("acc-1"), balances.Find("acc-2")));
        Assert.Equal(3, await store.GetCheckpointAsync(projection.Name, "sample.v1.account-acc-2"));
    }

    [Fact]
    public async Task Load_DamagedStoredPayload_FailsWithItsPlace()
    {
        var store = CreateStore();
        using var host = Domain.Start(store);
        var repository = host.Services.GetRequiredService<IAggregateRepository<Account>>();
        await store.AppendAsync(repository.StreamOf("acc-1"), ExpectedVersion.NoStream, [new NewEvent(Guid.NewGuid(), "sample.v1.account-opened", new byte[] { 0xc1 }, Guid.NewGuid(), Guid.Empty)]);

        var error = await Assert.ThrowsAsync<StoredDataException>(() => repository.LoadAsync("acc-1"));

        Assert.Equal(new StreamPosition(repository.StreamOf("acc-1"), 1), error.Position);
        Assert.Contains("sample.v1.account-opened", error.Message, StringComparison.Ordinal);
    }

    private static async Task WaitUntilAsync(Func<bool> condition) => await WaitUntilAsync(() => Task.FromResult(condition()));

    private static Task WaitUntilAsync(Func<Task<bool>> condition) =>
        Patience.WaitUntilAsync(condition, () => $"The condition did not hold within {Patience.Timeout}.");
}
