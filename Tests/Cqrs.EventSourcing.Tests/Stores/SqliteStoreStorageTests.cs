using Cqrs.EventSourcing.Sqlite;
using Microsoft.Data.Sqlite;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Time.Testing;

namespace Cqrs.EventSourcing.Tests.Stores;

/// <summary>What the SQLite store keeps in its file, and how it reads back what it did not write.</summary>
public sealed class SqliteStoreStorageTests : IDisposable
{
    private readonly SqliteTestFile _file = new();

    [Fact]
    public async Task File_AsWritten_IsInWalModeWithIdsAs16BytesInRfcOrderAndTimesAsUtcTicks()
    {
        var now = new DateTimeOffset(2025, 6, 7, 8, 9, 10, TimeSpan.FromHours(2)).AddTicks(1_234_567);
        var store = _file.Open(clock: new FakeTimeProvider(now));
        var added = SqliteTestFile.NewEvents(1)[0];

        await store.AppendAsync("order-1", ExpectedVersion.NoStream, [added]);
        var read = Assert.Single(await store.ReadStreamAsync("order-1").ToListAsync());

        Assert.Equal("wal", await _file.ExecuteAsync("PRAGMA journal_mode;"));
        Assert.Equal(added.EventId.ToString("N").ToUpperInvariant(), await _file.ExecuteAsync("SELECT hex(event_id) FROM events;"));
        Assert.Equal(now.UtcTicks, await _file.ExecuteAsync("SELECT timestamp_ticks FROM events;"));
        Assert.Equal(now, read.Timestamp);
        Assert.Equal(TimeSpan.Zero, read.Timestamp.Offset);
    }

    [Fact]
    public async Task Upgrade_FileMadeBeforeInboxTimesAndClaims_KeepsItsInboxRecordsOneRetentionFromTheUpgradeAndClaims()
    {
        await _file.ExecuteAsync("""
            CREATE TABLE inbox (handler TEXT NOT NULL, message_id BLOB NOT NULL, PRIMARY KEY (handler, message_id)) WITHOUT ROWID;
            INSERT INTO inbox VALUES ('app.handler', x'00112233445566778899aabbccddeeff');
            """);
        var store = _file.Open();
        var handled = Guid.Parse("00112233-4455-6677-8899-aabbccddeeff");

        Assert.True(await store.IsHandledAsync("app.handler", handled));
        Assert.Equal(0, await store.PurgeHandledAsync(DateTimeOffset.UtcNow.AddMinutes(-5)));
        Assert.True(await store.IsHandledAsync("app.handler", handled));
        Assert.Equal(1, await store.PurgeHandledAsync(DateTimeOffset.UtcNow.AddMinutes(5)));
        Assert.Equal(InboxClaim.Claimed, await store.ClaimAsync("app.handler", handled, Guid.NewGuid(), TimeSpan.FromMinutes(1)));
        Assert.Equal(InboxClaim.HeldElsewhere, await store.ClaimAsync("app.handler", handled, Guid.NewGuid(), TimeSpan.FromMinutes(1)));
    }

    [Fact]
    public async Task Upgrade_FileMadeBeforeSagaCompletionTimes_KeepsItsCompletedSagasOneRetentionFromTheUpgrade()
    {
        await _file.ExecuteAsync("""
            CREATE TABLE sagas (
                saga_type TEXT NOT NULL, saga_id TEXT NOT NULL, version INTEGER NOT NULL, data BLOB NOT NULL,
                completed INTEGER NOT NULL, has_pending INTEGER NOT NULL, PRIMARY KEY (saga_type, saga_id)) WITHOUT ROWID;
            INSERT INTO sagas VALUES ('app.saga', 'done', 3, x'01', 1, 0), ('app.saga', 'running', 2, x'02', 0, 0);
            """);
        var upgradedAt = new DateTimeOffset(2025, 6, 7, 8, 9, 10, TimeSpan.Zero);
        var store = _file.Open(clock: new FakeTimeProvider(upgradedAt));

        var done = await store.LoadSagaAsync("app.saga", "done");
        var running = await store.LoadSagaAsync("app.saga", "running");

        Assert.Equal(upgradedAt, done!.CompletedAt);
        Assert.Null(running!.CompletedAt);
        Assert.Equal(0, await store.PurgeCompletedSagasAsync(upgradedAt, 10));
        Assert.Equal(1, await store.PurgeCompletedSagasAsync(upgradedAt.AddTicks(1), 10));
        Assert.Null(await store.LoadSagaAsync("app.saga", "done"));
        Assert.Equal(2, (await store.LoadSagaAsync("app.saga", "running"))!.Version);
        Assert.Equal(1L, await _file.ExecuteAsync("SELECT count(*) FROM sqlite_master WHERE name = 'sagas_by_completion';"));
    }

    [Fact]
    public async Task Upgrade_FileMadeBeforeTimeoutTraces_ReadsItsTimeoutsWithoutOneAndKeepsTheTraceOfNewOnes()
    {
        await _file.ExecuteAsync("""
            CREATE TABLE saga_timeouts (
                timeout_id BLOB PRIMARY KEY, saga_type TEXT NOT NULL, saga_id TEXT NOT NULL, due_ticks INTEGER NOT NULL,
                wire_name TEXT NOT NULL, body BLOB NOT NULL, correlation_id BLOB NOT NULL, causation_id BLOB NOT NULL) WITHOUT ROWID;
            INSERT INTO saga_timeouts VALUES (x'00112233445566778899aabbccddeeff', 'app.saga', 's-1', 1, 'app.timeout', x'90', x'00112233445566778899aabbccddeeff', x'00112233445566778899aabbccddeeff');
            """);
        var store = _file.Open();
        const string traceParent = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
        var requested = new SagaTimeoutRecord(Guid.NewGuid(), "app.saga", "s-2", DateTimeOffset.UnixEpoch, "app.timeout", new byte[] { 0x90 }, Guid.NewGuid(), Guid.NewGuid())
        {
            TraceParent = traceParent,
        };

        await store.SaveSagaAsync(new SagaRecord("app.saga", "s-2", 1, new byte[] { 0x90 }, Completed: false, HasPending: false), 0, [requested]);

        var timeouts = await store.ReadDueTimeoutsAsync(DateTimeOffset.MaxValue, 10);
        Assert.Null(Assert.Single(timeouts, timeout => timeout.SagaId == "s-1").TraceParent);
        Assert.Equal(traceParent, Assert.Single(timeouts, timeout => timeout.SagaId == "s-2").TraceParent);
    }

    [Fact]
    public async Task ReadStream_EmptyPayload_ReadsBackEmpty()
    {
        var store = _file.Open();

        await store.AppendAsync("order-1", ExpectedVersion.NoStream, [new NewEvent(Guid.NewGuid(), "test.empty", ReadOnlyMemory<byte>.Empty, Guid.NewGuid(), Guid.Empty)]);

        Assert.Empty(Assert.Single(await store.ReadStreamAsync("order-1").ToListAsync()).Payload.ToArray());
    }

    [Fact]
    public async Task Append_FailingMidway_LeavesNoEventAndNoOutboxRow()
    {
        var store = _file.Open();
        await store.ReadUnpublishedAsync(1);
        await _file.ExecuteAsync("CREATE TRIGGER fail_third BEFORE INSERT ON events WHEN NEW.version = 3 BEGIN SELECT RAISE(ABORT, 'the disk is full'); END;");

        await Assert.ThrowsAsync<SqliteException>(() => store.AppendAsync("order-1", ExpectedVersion.NoStream, SqliteTestFile.NewEvents(5)));

        Assert.Empty(await store.ReadStreamAsync("order-1").ToListAsync());
        Assert.Empty(await store.ReadUnpublishedAsync(100));
        Assert.Equal(2, await store.AppendAsync("order-1", ExpectedVersion.NoStream, SqliteTestFile.NewEvents(2)));
    }

    [Fact]
    public async Task ReadAll_ManyEvents_PagesThroughThemInTheOrderAppended()
    {
        var store = _file.Open();
        var appended = new List<Guid>();
        for (var batch = 0; batch < 25; batch++)
        {
            var events = SqliteTestFile.NewEvents(100);
            await store.AppendAsync($"stream-{batch % 3}", ExpectedVersion.Exactly(batch / 3 * 100), events);
            appended.AddRange(events.Select(added => added.EventId));
        }

        var all = await store.ReadAllAsync().ToListAsync();

        Assert.Equal(appended, all.Select(stored => stored.EventId));
        Assert.All(all.GroupBy(stored => stored.StreamId), stream =>
            Assert.Equal(Enumerable.Range(1, stream.Count()).Select(version => (long)version), stream.Select(stored => stored.Version)));
    }

    [Theory]
    [InlineData("event_id = 'not an id'", "event_id holds TEXT where the store writes BLOB")]
    [InlineData("event_id = X'0102'", "event_id holds 2 bytes where an id has 16")]
    [InlineData("wire_name = X'00'", "wire_name holds BLOB where the store writes TEXT")]
    [InlineData("payload = 'text'", "payload holds TEXT where the store writes BLOB")]
    [InlineData("correlation_id = 42", "correlation_id holds INTEGER where the store writes BLOB")]
    [InlineData("causation_id = 4.2", "causation_id holds REAL where the store writes BLOB")]
    [InlineData("timestamp_ticks = 'yesterday'", "timestamp_ticks holds TEXT where the store writes INTEGER")]
    [InlineData("timestamp_ticks = -1", "timestamp_ticks holds -1, which is no time")]
    public async Task Read_DamagedValue_FailsNamingTheEventAndTheDamage(string damage, string problem)
    {
        var store = _file.Open();
        await store.AppendAsync("order-1", ExpectedVersion.NoStream, SqliteTestFile.NewEvents(3));
        await _file.ExecuteAsync($"UPDATE events SET {damage} WHERE version = 2;");

        foreach (var read in new Func<Task>[] { () => store.ReadStreamAsync("order-1").ToListAsync().AsTask(), () => store.ReadAllAsync().ToListAsync().AsTask(), () => store.ReadUnpublishedAsync(10) })
        {
            var error = await Assert.ThrowsAsync<StoredDataException>(read);
            Assert.Equal(new StreamPosition("order-1", 2), error.Position);
            Assert.Contains(problem, error.Message, StringComparison.Ordinal);
        }
    }

    [Fact]
    public async Task Read_DamagedVersion_IsNamedByTheEventPosition()
    {
        var store = _file.Open();
        await store.AppendAsync("order-1", ExpectedVersion.NoStream, SqliteTestFile.NewEvents(3));
        await _file.ExecuteAsync("UPDATE events SET version = 'two' WHERE version = 2;");

        var error = await Assert.ThrowsAsync<StoredDataException>(() => store.ReadAllAsync().ToListAsync().AsTask());

        Assert.Equal(new StreamPosition("order-1", 0), error.Position);
        Assert.Contains("the event at position 2 cannot be placed: version holds TEXT", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_NULL_in_a_file_made_without_the_store_constraints_reads_as_a_clear_error()
    {
        await _file.ExecuteAsync(SqliteSchema.Create.Replace("NOT NULL", "", StringComparison.Ordinal));
        var store = _file.Open();
        await store.AppendAsync("order-1", ExpectedVersion.NoStream, SqliteTestFile.NewEvents(3));
        await _file.ExecuteAsync("UPDATE events SET correlation_id = NULL WHERE version = 2;");

        var error = await Assert.ThrowsAsync<StoredDataException>(() => store.ReadStreamAsync("order-1").ToListAsync().AsTask());

        Assert.Equal(new StreamPosition("order-1", 2), error.Position);
        Assert.Contains("correlation_id is NULL", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task LoadSnapshot_Damaged_LoadsAsNoneSoTheAggregateLoadsFromItsEvents()
    {
        var store = _file.Open();
        await store.SaveSnapshotAsync("order-1", new Snapshot(3, "test.state", new byte[] { 1 }));
        await _file.ExecuteAsync("UPDATE snapshots SET state = 'text';");

        Assert.Null(await store.LoadSnapshotAsync("order-1"));
    }

    [Fact]
    public async Task UseSqliteStore_Registered_MakesAStoreOnTheFileTheStoreOfEveryPart()
    {
        var services = new ServiceCollection();
        new EventSourcingBuilder(services).UseSqliteStore(_file.Path);
        await using var provider = services.BuildServiceProvider(new ServiceProviderOptions { ValidateOnBuild = true, ValidateScopes = true });

        var store = Assert.IsType<SqliteEventStore>(provider.GetRequiredService<IEventStore>());
        await store.AppendAsync("order-1", ExpectedVersion.NoStream, SqliteTestFile.NewEvents(1));

        Assert.Equal(1L, await _file.ExecuteAsync("SELECT COUNT(*) FROM events;"));
        Assert.Single(await Assert.IsType<SqliteOutboxStore>(provider.GetRequiredService<IOutboxStore>()).ReadUnpublishedAsync(10));
        Assert.IsType<SqliteSnapshotStore>(provider.GetRequiredService<ISnapshotStore>());
        Assert.IsType<SqliteInboxStore>(provider.GetRequiredService<IInboxStore>());
        Assert.IsType<SqliteCheckpointStore>(provider.GetRequiredService<ICheckpointStore>());
        Assert.IsType<SqliteProjectionStore>(provider.GetRequiredService<ITransactionalProjectionStore>());
        Assert.IsType<SqliteSagaStore>(provider.GetRequiredService<ISagaStore>());
    }

    public void Dispose() => _file.Dispose();
}
