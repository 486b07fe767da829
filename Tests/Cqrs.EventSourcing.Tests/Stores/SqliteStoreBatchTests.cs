using Cqrs.EventSourcing.Sqlite;
using Cqrs.EventSourcing.Tests.Support;
using Microsoft.Data.Sqlite;

namespace Cqrs.EventSourcing.Tests.Stores;

/// <summary>
/// Group commit: writes that queue while the file's write lock is held elsewhere commit together once it is let go.
/// Every write here is queued before the lock is let go, so the writer runs at most two batches: what it took
/// before it met the lock (the first write, perhaps a few more), then all the rest.
/// </summary>
public sealed class SqliteStoreBatchTests : IDisposable
{
    private readonly SqliteTestFile _file = new();

    [Fact]
    public async Task QueuedWrites_OfEveryKind_ShareTransactionsAndAllLand()
    {
        var store = await OpenAsync();
        await store.AppendAsync("published", ExpectedVersion.NoStream, SqliteTestFile.NewEvents(1));
        var published = await store.ReadUnpublishedAsync(1);
        var before = SqliteTestFile.DatabaseOf(store).WriteTransactions;

        Task[] writes;
        await using (await _file.HoldWriteLockAsync())
        {
            writes =
            [
                store.AppendAsync("a", ExpectedVersion.NoStream, SqliteTestFile.NewEvents(2)),
                store.AppendAsync("b", ExpectedVersion.NoStream, SqliteTestFile.NewEvents(1)),
                store.MarkPublishedAsync(published),
                store.SaveSnapshotAsync("a", new Snapshot(2, "test.state", new byte[] { 1 })),
                store.MarkHandledAsync("handler", Guid.Empty),
                store.SetCheckpointAsync("cleared", "a", 2),
                store.ClearCheckpointsAsync("cleared"),
                store.SetCheckpointAsync("kept", "a", 2),
                store.AppendAsync("a", ExpectedVersion.Exactly(2), SqliteTestFile.NewEvents(1)),
                store.AppendAsync("b", ExpectedVersion.Exactly(1), SqliteTestFile.NewEvents(1)),
            ];
        }

        await Task.WhenAll(writes);

        Assert.InRange(SqliteTestFile.DatabaseOf(store).WriteTransactions - before, 1, 2);
        Assert.Equal(3, await store.ReadStreamAsync("a").CountAsync());
        Assert.Equal(["a", "a", "b", "a", "b"], (await store.ReadUnpublishedAsync(10)).Select(stored => stored.StreamId));
        Assert.Equal(2, (await store.LoadSnapshotAsync("a"))?.Version);
        Assert.True(await store.IsHandledAsync("handler", Guid.Empty));
        Assert.Equal(0, await store.GetCheckpointAsync("cleared", "a"));
        Assert.Equal(2, await store.GetCheckpointAsync("kept", "a"));
    }

    [Fact]
    public async Task Append_ConflictingInItsBatch_FailsAloneAndTheAppendsAroundItCommit()
    {
        var store = await OpenAsync();
        var before = SqliteTestFile.DatabaseOf(store).WriteTransactions;

        Task<long> first, conflicting, next, other;
        await using (await _file.HoldWriteLockAsync())
        {
            // The conflict is queued after the append it conflicts with and before another: whatever the writer
            // took first, it shares its batch with an append that commits.
            first = store.AppendAsync("x", ExpectedVersion.NoStream, SqliteTestFile.NewEvents(1));
            conflicting = store.AppendAsync("x", ExpectedVersion.NoStream, SqliteTestFile.NewEvents(2));
            next = store.AppendAsync("x", ExpectedVersion.Exactly(1), SqliteTestFile.NewEvents(1));
            other = store.AppendAsync("y", ExpectedVersion.NoStream, SqliteTestFile.NewEvents(1));
        }

        var conflict = await Assert.ThrowsAsync<ConcurrencyException>(() => conflicting);

        Assert.Equal(1, conflict.Actual);
        Assert.Equal(new[] { 1L, 2L, 1L }, await Task.WhenAll(first, next, other));
        Assert.InRange(SqliteTestFile.DatabaseOf(store).WriteTransactions - before, 1, 2);
        Assert.Equal([1L, 2L], await store.ReadStreamAsync("x").Select(stored => stored.Version).ToListAsync());
        Assert.Equal(["x", "x", "y"], (await store.ReadUnpublishedAsync(10)).Select(stored => stored.StreamId));
    }

    [Fact]
    public async Task Append_LosingToOneInItsBatch_FailsOnlyOnceTheWinnerHasCommitted()
    {
        var store = await OpenAsync();

        Task padding;
        Task<long> winner, loser;
        await using (await _file.HoldWriteLockAsync())
        {
            // The writer takes the padding on its own, and the two appends share the next batch.
            padding = store.SetCheckpointAsync("padding", "x", 1);
            await WaitUntilTakenAsync(store);
            winner = store.AppendAsync("x", ExpectedVersion.NoStream, SqliteTestFile.NewEvents(1));
            loser = store.AppendAsync("x", ExpectedVersion.NoStream, SqliteTestFile.NewEvents(1));
        }

        await Task.WhenAny(loser);

        // Had the loser failed as soon as it conflicted, before the commit, a retry would read the stream without the
        // winner. (Whether the winner's own task has completed yet is up to the thread pool, which runs both continuations.)
        Assert.Single(await store.ReadStreamAsync("x").ToListAsync());
        await Assert.ThrowsAsync<ConcurrencyException>(() => loser);
        Assert.Equal(1L, await winner);
        await padding;
    }

    [Fact]
    public async Task Append_FailingInSqlite_IsRolledBackAloneAndTheNextWriteDoesNotSeeIt()
    {
        var store = await OpenAsync();
        await _file.ExecuteAsync("CREATE TRIGGER fail_second BEFORE INSERT ON events WHEN NEW.stream_id = 'doomed' AND NEW.version = 2 BEGIN SELECT RAISE(ABORT, 'the disk is full'); END;");
        var before = SqliteTestFile.DatabaseOf(store).WriteTransactions;

        Task<long> first, doomed, retried, last;
        await using (await _file.HoldWriteLockAsync())
        {
            first = store.AppendAsync("a", ExpectedVersion.NoStream, SqliteTestFile.NewEvents(1));
            doomed = store.AppendAsync("doomed", ExpectedVersion.NoStream, SqliteTestFile.NewEvents(3));
            retried = store.AppendAsync("doomed", ExpectedVersion.NoStream, SqliteTestFile.NewEvents(1));
            last = store.AppendAsync("b", ExpectedVersion.NoStream, SqliteTestFile.NewEvents(1));
        }

        var error = await Assert.ThrowsAsync<SqliteException>(() => doomed);

        Assert.Contains("the disk is full", error.Message, StringComparison.Ordinal);
        Assert.Equal(new[] { 1L, 1L, 1L }, await Task.WhenAll(first, retried, last));
        Assert.InRange(SqliteTestFile.DatabaseOf(store).WriteTransactions - before, 1, 2);
        Assert.Single(await store.ReadStreamAsync("doomed").ToListAsync());
        Assert.Equal(["a", "doomed", "b"], (await store.ReadUnpublishedAsync(10)).Select(stored => stored.StreamId));
    }

    [Fact]
    public async Task Write_ErrorEndingTheTransaction_FailsTheWholeBatchWithThatError()
    {
        var store = await OpenAsync();
        await _file.ExecuteAsync("CREATE TRIGGER fail_all BEFORE INSERT ON events WHEN NEW.stream_id = 'fatal' BEGIN SELECT RAISE(ROLLBACK, 'the transaction is lost'); END;");

        Task<long> first, fatal, last;
        await using (await _file.HoldWriteLockAsync())
        {
            // "a" makes a batch of its own, which waits for the lock; "fatal" and "b" queue behind it, making the next.
            first = store.AppendAsync("a", ExpectedVersion.NoStream, SqliteTestFile.NewEvents(1));
            await WaitUntilTakenAsync(store);
            fatal = store.AppendAsync("fatal", ExpectedVersion.NoStream, SqliteTestFile.NewEvents(1));
            last = store.AppendAsync("b", ExpectedVersion.NoStream, SqliteTestFile.NewEvents(1));
        }

        foreach (var failed in new[] { fatal, last })
        {
            var error = await Assert.ThrowsAsync<SqliteException>(() => failed);
            Assert.Contains("the transaction is lost", error.Message, StringComparison.Ordinal);
        }

        Assert.Equal(1, await first);
        Assert.Empty(await store.ReadStreamAsync("b").ToListAsync());
        Assert.Equal(1, await store.AppendAsync("b", ExpectedVersion.NoStream, SqliteTestFile.NewEvents(1)));
    }

    public void Dispose() => _file.Dispose();

    /// <summary>Waits until the writer has taken every queued write into its batch.</summary>
    private static Task WaitUntilTakenAsync(StoreSet store) =>
        Patience.WaitUntilAsync(() => Task.FromResult(SqliteTestFile.DatabaseOf(store).QueuedWrites == 0), () => "The writer did not take the queued write.");

    /// <summary>A store whose tables exist, so that its first write needs no lock but the transaction's.</summary>
    private async Task<StoreSet> OpenAsync()
    {
        var store = _file.Open();
        await store.ReadUnpublishedAsync(1);
        return store;
    }
}
