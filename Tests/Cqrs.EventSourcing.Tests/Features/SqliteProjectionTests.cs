using Cqrs.EventSourcing.Tests.Stores;
using Cqrs.EventSourcing.Tests.Support;
using Microsoft.Data.Sqlite;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Sample.Domain.Accounts;

namespace Cqrs.EventSourcing.Tests.Features;

/// <summary>A projection whose read model is in the SQLite store's file: its change and its checkpoint commit together.</summary>
public sealed class SqliteProjectionTests : IDisposable
{
    private const string Stream = "sample.v1.account-acc-1";

    /// <summary>Makes every checkpoint write fail, as a crash right before it would: SQLite aborts the statement.</summary>
    private const string FailCheckpoints = """
        CREATE TRIGGER fail_checkpoint_insert BEFORE INSERT ON checkpoints BEGIN SELECT RAISE(ABORT, 'checkpoint write failed'); END;
        CREATE TRIGGER fail_checkpoint_update BEFORE UPDATE ON checkpoints BEGIN SELECT RAISE(ABORT, 'checkpoint write failed'); END;
        """;

    private readonly SqliteTestFile _file = new();
    private readonly SqliteBalances _projection = new();
    private readonly IHost _host;

    public SqliteProjectionTests() => _host = Domain.Create(_file.Open());

    private ProjectionRunner Runner => _host.Services.GetRequiredService<ProjectionRunner>();

    public void Dispose()
    {
        _host.Dispose();
        _file.Dispose();
    }

    [Fact]
    public async Task SqliteProjection_CheckpointFailsToCommit_UndoesTheChangeSoTheRedeliveryAppliesItOnce()
    {
        await Runner.RebuildAsync(_projection);
        await StoreAsync(new AccountOpened("acc-1", "Ada"), new MoneyDeposited("acc-1", 10m), new MoneyDeposited("acc-1", 5m));
        await _file.ExecuteAsync(FailCheckpoints);

        await Assert.ThrowsAsync<SqliteException>(async () => await DeliverAsync(new MoneyDeposited("acc-1", 5m), 3));
        var afterFailure = await _file.ExecuteAsync("SELECT count(*) FROM test_balances;");
        await _file.ExecuteAsync("DROP TRIGGER fail_checkpoint_insert; DROP TRIGGER fail_checkpoint_update;");
        await DeliverAsync(new MoneyDeposited("acc-1", 5m), 3);
        await DeliverAsync(new MoneyDeposited("acc-1", 10m), 2);
        await DeliverAsync(new MoneyDeposited("acc-1", 5m), 3);

        Assert.Equal(0L, afterFailure);
        Assert.Equal(1500L, await _file.ExecuteAsync("SELECT cents FROM test_balances WHERE account = 'acc-1';"));
        Assert.Equal(3, await _file.Open().GetCheckpointAsync(_projection.Name, Stream));
    }

    [Fact]
    public async Task SqliteProjection_Rebuild_ReplaysTheStoreIntoTheTableAndTheCheckpoints()
    {
        await StoreAsync(new AccountOpened("acc-1", "Ada"), new MoneyDeposited("acc-1", 10m), new MoneyWithdrawn("acc-1", 3m));
        await Runner.RebuildAsync(_projection);
        await DeliverAsync(new MoneyWithdrawn("acc-1", 3m), 3);

        await Runner.RebuildAsync(_projection);

        Assert.Equal(700L, await _file.ExecuteAsync("SELECT cents FROM test_balances WHERE account = 'acc-1';"));
        Assert.Equal(3, await _file.Open().GetCheckpointAsync(_projection.Name, Stream));
    }

    [Fact]
    public async Task SqliteProjection_OverAnotherStore_FailsSayingWhy()
    {
        using var host = Domain.Create(StoreSet.InMemory());

        var refused = await Assert.ThrowsAsync<NotSupportedException>(() => host.Services.GetRequiredService<ProjectionRunner>().RebuildAsync(_projection));

        Assert.Contains("SQLite", refused.Message, StringComparison.Ordinal);
    }

    private ValueTask DeliverAsync(IEvent @event, long version) =>
        Runner.ProjectAsync(_projection, @event, new TestContext(Guid.NewGuid(), new StreamPosition(Stream, version)), CancellationToken.None);

    private async Task StoreAsync(params IEvent[] events)
    {
        var codec = _host.Services.GetRequiredService<EventCodec>();
        var store = _host.Services.GetRequiredService<IEventStore>();
        await store.AppendAsync(Stream, ExpectedVersion.NoStream, await Task.WhenAll(events.Select(@event => codec.ToNewEventAsync(@event, null, Guid.Empty, CancellationToken.None).AsTask())));
    }
}
