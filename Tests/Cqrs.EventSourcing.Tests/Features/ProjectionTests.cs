using Cqrs.EventSourcing.InMemory;
using Cqrs.EventSourcing.Tests.Support;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Sample.Domain.Accounts;

namespace Cqrs.EventSourcing.Tests.Features;

public sealed class ProjectionTests : IDisposable
{
    private const string Stream = "sample.v1.account-acc-1";
    private readonly StoreSet _store = StoreSet.InMemory();
    private readonly IHost _host;

    public ProjectionTests() => _host = Domain.Create(_store);

    private AccountBalances Balances => _host.Services.GetRequiredService<AccountBalances>();

    private AccountBalancesProjection Projection => _host.Services.GetServices<IEventHandler<AccountOpened>>().OfType<AccountBalancesProjection>().Single();

    private ProjectionRunner Runner => _host.Services.GetRequiredService<ProjectionRunner>();

    public void Dispose() => _host.Dispose();

    [Fact]
    public async Task Projection_EventAheadOfItsStream_BringsTheSkippedOnesFromTheStoreFirst()
    {
        await StoreAsync(new AccountOpened("acc-1", "Ada"), new MoneyDeposited("acc-1", 10m), new MoneyDeposited("acc-1", 5m));

        await Runner.ProjectAsync(Projection, new MoneyDeposited("acc-1", 5m), new TestContext(Guid.NewGuid(), new StreamPosition(Stream, 3)), CancellationToken.None);

        Assert.Equal(("Ada", 15m), Balances.Find("acc-1"));
        Assert.Equal(3, await _store.GetCheckpointAsync(Projection.Name, Stream));
    }

    [Fact]
    public async Task Projection_EventAtOrBehindTheCheckpoint_IsSkipped()
    {
        await StoreAsync(new AccountOpened("acc-1", "Ada"), new MoneyDeposited("acc-1", 10m));
        var deposit = new TestContext(Guid.NewGuid(), new StreamPosition(Stream, 2));
        await Runner.ProjectAsync(Projection, new MoneyDeposited("acc-1", 10m), deposit, CancellationToken.None);

        await Runner.ProjectAsync(Projection, new MoneyDeposited("acc-1", 10m), deposit, CancellationToken.None);
        await Runner.ProjectAsync(Projection, new AccountOpened("acc-1", "Ada"), new TestContext(Guid.NewGuid(), new StreamPosition(Stream, 1)), CancellationToken.None);

        Assert.Equal(("Ada", 10m), Balances.Find("acc-1"));
    }

    [Fact]
    public async Task Projection_EventNotPublishedFromAStore_IsRefusedWithTheReason()
    {
        var refused = await Assert.ThrowsAsync<InvalidOperationException>(async () =>
            await Runner.ProjectAsync(Projection, new MoneyDeposited("acc-1", 10m), new TestContext(Guid.NewGuid()), CancellationToken.None));

        Assert.Contains("not published from an event store", refused.Message, StringComparison.Ordinal);
        Assert.Null(Balances.Find("acc-1"));
    }

    private async Task StoreAsync(params IEvent[] events)
    {
        var codec = _host.Services.GetRequiredService<EventCodec>();
        await _store.AppendAsync(Stream, ExpectedVersion.NoStream, await Task.WhenAll(events.Select(@event => codec.ToNewEventAsync(@event, null, Guid.Empty, CancellationToken.None).AsTask())));
    }
}
