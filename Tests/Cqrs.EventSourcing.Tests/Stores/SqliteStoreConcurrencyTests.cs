using System.Collections.Concurrent;
using Cqrs.EventSourcing.Tests.Support;

namespace Cqrs.EventSourcing.Tests.Stores;

/// <summary>Writers that share the file but not this store: only SQLite's own locking keeps them apart.</summary>
public sealed class SqliteStoreConcurrencyTests : IDisposable
{
    private readonly SqliteTestFile _file = new();

    [Fact]
    public async Task Claim_TwoStoresClaimingTheSameMessages_OneWinsEachAndTheOtherIsHeld()
    {
        // As two processes on one file: the second store pools no connection with the first, and neither is the other's writer.
        StoreSet[] stores = [_file.Open(), _file.Open(pooling: false)];
        var messages = Enumerable.Range(0, 50).Select(_ => Guid.NewGuid()).ToList();

        var claims = await Task.WhenAll(messages.Select(message => Task.WhenAll(stores.Select(store =>
            Task.Run(() => store.ClaimAsync("app.handler", message, Guid.NewGuid(), TimeSpan.FromMinutes(1)))))));

        Assert.All(claims, pair => Assert.Equal([InboxClaim.Claimed, InboxClaim.HeldElsewhere], pair.Order()));
    }

    [Fact]
    public async Task Append_TwoStoresToOneStream_HaveOneWinnerPerVersionNoGapsAndNoDuplicates()
    {
        // The second store pools no connection with the first, as if it ran in another process. Both start on a
        // new file, so they also race to create the tables.
        StoreSet[] stores = [_file.Open(), _file.Open(pooling: false)];
        const int Writers = 8;
        const int EventsPerWriter = 10;
        var appended = new ConcurrentBag<Guid>();

        await Task.WhenAll(Enumerable.Range(0, Writers).Select(writer => Task.Run(async () =>
        {
            var store = stores[writer % stores.Length];
            for (var written = 0; written < EventsPerWriter;)
            {
                var current = await store.ReadStreamAsync("contended").CountAsync();
                var events = SqliteTestFile.NewEvents(1);
                try
                {
                    await store.AppendAsync("contended", ExpectedVersion.Exactly(current), events);
                    appended.Add(events[0].EventId);
                    written++;
                }
                catch (ConcurrencyException)
                {
                    // The other store, or another writer on this one, took this version: read again and retry.
                }
            }
        })));

        var read = await stores[1].ReadStreamAsync("contended").ToListAsync();
        Assert.Equal(Enumerable.Range(1, Writers * EventsPerWriter).Select(version => (long)version), read.Select(stored => stored.Version));
        Assert.Equal(appended.Order(), read.Select(stored => stored.EventId).Order());
        Assert.Equal(appended.Order(), (await stores[0].ReadUnpublishedAsync(1_000)).Select(stored => stored.EventId).Order());
    }

    [Fact]
    public async Task Append_AnotherProcessHoldingTheWriteLock_WaitsThenConflictsWithWhatItWrote()
    {
        var store = _file.Open();
        await store.ReadUnpublishedAsync(1);
        var foreignId = Guid.NewGuid();
        using var other = CrashAppProcess.Start("hold-lock", _file.Path, "shared", foreignId.ToString("N"));
        Assert.True(await other.ReadLineAsync() == "locked", $"The other process did not take the lock. Its errors:\n{other.Errors}");

        var transactions = SqliteTestFile.DatabaseOf(store).WriteTransactions;

        var append = store.AppendAsync("shared", ExpectedVersion.NoStream, SqliteTestFile.NewEvents(1));

        // The writer has reached SQLite's lock: it is beginning its transaction, and that cannot begin until the other
        // process lets go.
        await Patience.WaitUntilAsync(
            () => Task.FromResult(SqliteTestFile.DatabaseOf(store).WriteTransactionBeginning || append.IsCompleted),
            () => "The append never began its transaction.");
        Assert.False(append.IsCompleted, "The append went ahead while another process held the write lock.");
        Assert.Equal(transactions, SqliteTestFile.DatabaseOf(store).WriteTransactions);
        await other.Input.WriteLineAsync("commit");
        await other.Input.FlushAsync();

        var conflict = await Assert.ThrowsAsync<ConcurrencyException>(() => append);
        await other.WaitForSuccessAsync();
        Assert.Equal(1, conflict.Actual);
        Assert.Equal(foreignId, Assert.Single(await store.ReadStreamAsync("shared").ToListAsync()).EventId);
        Assert.Equal(2, await store.AppendAsync("shared", ExpectedVersion.Exactly(1), SqliteTestFile.NewEvents(1)));
        Assert.Equal(2, (await store.ReadUnpublishedAsync(10)).Count);
    }

    public void Dispose() => _file.Dispose();
}
