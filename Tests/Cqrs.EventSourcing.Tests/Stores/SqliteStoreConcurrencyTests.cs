using System.Collections.Concurrent;
using System.Diagnostics;

namespace Cqrs.EventSourcing.Tests.Stores;

/// <summary>Writers that share the file but not this store: only SQLite's own locking keeps them apart.</summary>
public sealed class SqliteStoreConcurrencyTests : IDisposable
{
    /// <summary>Appends one event to the stream it names as version 1, holding the write lock until a line on its input says commit.</summary>
    private const string ForeignAppend = """
        import sqlite3, sys
        db = sqlite3.connect(sys.argv[1], isolation_level=None)
        db.execute("BEGIN IMMEDIATE")
        event_id = bytes.fromhex(sys.argv[3])
        db.execute("INSERT INTO events (stream_id, version, event_id, wire_name, payload, correlation_id, causation_id, timestamp_ticks) "
                   "VALUES (?, 1, ?, 'test.from-another-process', x'01', ?, ?, 0)", (sys.argv[2], event_id, event_id, event_id))
        db.execute("INSERT INTO outbox (position) VALUES (last_insert_rowid())")
        print("locked", flush=True)
        sys.stdin.readline()
        db.execute("COMMIT")
        """;

    private readonly SqliteTestFile _file = new();

    [Fact]
    public async Task Two_stores_appending_to_one_stream_have_one_winner_per_version_no_gaps_and_no_duplicates()
    {
        // The second store pools no connection with the first, as if it ran in another process. Both start on a
        // new file, so they also race to create the tables.
        IEventSourcingStore[] stores = [_file.Open(), _file.Open(pooling: false)];
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

    [PythonFact]
    public async Task An_append_waits_for_another_process_holding_the_write_lock_then_conflicts_with_what_it_wrote()
    {
        var store = _file.Open();
        await store.ReadUnpublishedAsync(1);
        var foreignId = Guid.NewGuid();
        using var python = Process.Start(new ProcessStartInfo("python3", ["-c", ForeignAppend, _file.Path, "shared", foreignId.ToString("N")])
        {
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
        })!;
        if (await python.StandardOutput.ReadLineAsync() != "locked")
        {
            Assert.Fail($"python3 did not take the lock: {await python.StandardError.ReadToEndAsync()}");
        }

        // On a thread of its own, the append reaches SQLite's lock at once, however busy the thread pool is.
        var append = Task.Factory.StartNew(
            () => store.AppendAsync("shared", ExpectedVersion.NoStream, SqliteTestFile.NewEvents(1)),
            CancellationToken.None,
            TaskCreationOptions.LongRunning,
            TaskScheduler.Default).Unwrap();
        await Task.Delay(300);
        Assert.False(append.IsCompleted, "The append went ahead while another process held the write lock.");
        await python.StandardInput.WriteLineAsync("commit");
        await python.StandardInput.FlushAsync();

        var conflict = await Assert.ThrowsAsync<ConcurrencyException>(() => append);
        await python.WaitForExitAsync();
        Assert.Equal(0, python.ExitCode);
        Assert.Equal(1, conflict.Actual);
        Assert.Equal(foreignId, Assert.Single(await store.ReadStreamAsync("shared").ToListAsync()).EventId);
        Assert.Equal(2, await store.AppendAsync("shared", ExpectedVersion.Exactly(1), SqliteTestFile.NewEvents(1)));
        Assert.Equal(2, (await store.ReadUnpublishedAsync(10)).Count);
    }

    public void Dispose() => _file.Dispose();

    /// <summary>A fact that needs python3 on the PATH to play the other process; skipped, saying so, without it.</summary>
    private sealed class PythonFactAttribute : FactAttribute
    {
        public PythonFactAttribute()
        {
            var path = Environment.GetEnvironmentVariable("PATH") ?? "";
            if (!path.Split(Path.PathSeparator).Any(directory => File.Exists(Path.Combine(directory, "python3")) || File.Exists(Path.Combine(directory, "python3.exe"))))
            {
                Skip = "python3 is not on the PATH; this test runs it as the second process.";
            }
        }
    }
}
