using System.Text;

namespace Cqrs.EventSourcing.Tests.Stores;

/// <summary>
/// What every store must do. A subclass per store supplies a fresh, empty store per test, a way to open the
/// same data again (as a restarted process would), and a way to damage one stored event.
/// </summary>
public abstract partial class EventStoreContractTests
{
    /// <summary>A new store over empty, private storage, on <paramref name="clock"/> (the system clock when null).</summary>
    protected abstract StoreSet CreateStore(TimeProvider? clock = null);

    /// <summary>A second store over the same storage, as a process restarted after a crash would open it.</summary>
    protected abstract StoreSet Reopen(StoreSet store);

    /// <summary>Damages the stored event at <paramref name="position"/> so that the store cannot read it back.</summary>
    protected abstract Task CorruptAsync(StoreSet store, StreamPosition position);

    [Fact]
    public async Task ReadStream_AppendedEvents_ReadBackInOrderWithTheirMetadata()
    {
        var store = CreateStore();
        var events = NewEvents(3);

        var version = await store.AppendAsync("order-1", ExpectedVersion.NoStream, events);
        var read = await ReadAsync(store, "order-1");

        Assert.Equal(3, version);
        Assert.Equal([1L, 2L, 3L], read.Select(stored => stored.Version));
        for (var index = 0; index < events.Count; index++)
        {
            Assert.Equal(events[index].EventId, read[index].EventId);
            Assert.Equal(events[index].WireName, read[index].WireName);
            Assert.Equal(events[index].CorrelationId, read[index].CorrelationId);
            Assert.Equal(events[index].CausationId, read[index].CausationId);
            Assert.Equal(events[index].Payload.ToArray(), read[index].Payload.ToArray());
            Assert.Equal("order-1", read[index].StreamId);
            Assert.InRange(read[index].Timestamp, DateTimeOffset.UtcNow.AddMinutes(-5), DateTimeOffset.UtcNow.AddMinutes(5));
        }
    }

    [Fact]
    public async Task ReadStream_FromAVersion_SkipsTheEventsBeforeIt()
    {
        var store = CreateStore();
        await store.AppendAsync("order-1", ExpectedVersion.NoStream, NewEvents(5));

        var read = await ReadAsync(store, "order-1", fromVersion: 4);

        Assert.Equal([4L, 5L], read.Select(stored => stored.Version));
    }

    [Fact]
    public async Task ReadStream_StreamThatDoesNotExist_ReadsAsEmpty()
    {
        var store = CreateStore();

        Assert.Empty(await ReadAsync(store, "nobody"));
    }

    [Fact]
    public async Task Append_ExpectedVersion_NumbersOnFromIt()
    {
        var store = CreateStore();
        await store.AppendAsync("order-1", ExpectedVersion.NoStream, NewEvents(2));

        var version = await store.AppendAsync("order-1", ExpectedVersion.Exactly(2), NewEvents(3));

        Assert.Equal(5, version);
        Assert.Equal([1L, 2L, 3L, 4L, 5L], (await ReadAsync(store, "order-1")).Select(stored => stored.Version));
    }

    [Fact]
    public async Task Append_NoStreamWhenTheStreamExists_ConflictsNamingBothVersions()
    {
        var store = CreateStore();
        await store.AppendAsync("order-1", ExpectedVersion.NoStream, NewEvents(2));

        var conflict = await Assert.ThrowsAsync<ConcurrencyException>(() => store.AppendAsync("order-1", ExpectedVersion.NoStream, NewEvents(1)));

        Assert.Equal("order-1", conflict.StreamId);
        Assert.Equal(ExpectedVersion.NoStream, conflict.Expected);
        Assert.Equal(2, conflict.Actual);
        Assert.Contains("order-1", conflict.Message, StringComparison.Ordinal);
        Assert.Equal(2, (await ReadAsync(store, "order-1")).Count);
    }

    [Fact]
    public async Task Append_ExactVersionNotCurrent_ConflictsAndAppendsNothing()
    {
        var store = CreateStore();
        await store.AppendAsync("order-1", ExpectedVersion.NoStream, NewEvents(3));

        var conflict = await Assert.ThrowsAsync<ConcurrencyException>(() => store.AppendAsync("order-1", ExpectedVersion.Exactly(1), NewEvents(2)));

        Assert.Equal(1, conflict.Expected.Value);
        Assert.Equal(3, conflict.Actual);
        Assert.Contains("version 3", conflict.Message, StringComparison.Ordinal);
        Assert.Contains("version 1", conflict.Message, StringComparison.Ordinal);
        Assert.Equal(3, (await ReadAsync(store, "order-1")).Count);
        Assert.Equal(3, (await store.ReadUnpublishedAsync(100)).Count);
    }

    [Fact]
    public async Task Append_ExactVersionOnAMissingStream_Conflicts()
    {
        var store = CreateStore();

        var conflict = await Assert.ThrowsAsync<ConcurrencyException>(() => store.AppendAsync("order-1", ExpectedVersion.Exactly(4), NewEvents(1)));

        Assert.Equal(0, conflict.Actual);
        Assert.Empty(await ReadAsync(store, "order-1"));
    }

    [Fact]
    public async Task Append_AnyVersion_AppendsToNewAndExistingStreams()
    {
        var store = CreateStore();

        Assert.Equal(1, await store.AppendAsync("order-1", ExpectedVersion.Any, NewEvents(1)));
        Assert.Equal(3, await store.AppendAsync("order-1", ExpectedVersion.Any, NewEvents(2)));
    }

    [Fact]
    public async Task Append_ConcurrentToOneStream_HaveOneWinnerPerVersionNoGapsAndNoDuplicates()
    {
        var store = CreateStore();
        const int Writers = 8;
        const int EventsPerWriter = 10;
        var appended = new System.Collections.Concurrent.ConcurrentBag<Guid>();

        await Task.WhenAll(Enumerable.Range(0, Writers).Select(_ => Task.Run(async () =>
        {
            for (var written = 0; written < EventsPerWriter;)
            {
                var current = (await ReadAsync(store, "contended")).Count;
                var events = NewEvents(1);
                try
                {
                    await store.AppendAsync("contended", ExpectedVersion.Exactly(current), events);
                    appended.Add(events[0].EventId);
                    written++;
                }
                catch (ConcurrencyException)
                {
                    // Another writer took this version: read again and retry.
                }
            }
        })));

        var read = await ReadAsync(store, "contended");
        Assert.Equal(Enumerable.Range(1, Writers * EventsPerWriter).Select(version => (long)version), read.Select(stored => stored.Version));
        Assert.Equal(appended.Order(), read.Select(stored => stored.EventId).Order());
        Assert.Equal(read.Count, read.Select(stored => stored.EventId).Distinct().Count());
    }

    [Fact]
    public async Task ReadStream_LargeStream_ReadsBackWholeAndInOrder()
    {
        var store = CreateStore();
        const int Total = 2_000;
        for (var version = 0; version < Total; version += 40)
        {
            await store.AppendAsync("large", ExpectedVersion.Exactly(version), NewEvents(40));
        }

        var read = await ReadAsync(store, "large");

        Assert.Equal(Enumerable.Range(1, Total).Select(version => (long)version), read.Select(stored => stored.Version));
    }

    [Fact]
    public async Task ReadAll_SeveralStreams_ReturnsEveryStreamEachInVersionOrder()
    {
        var store = CreateStore();
        await store.AppendAsync("a", ExpectedVersion.NoStream, NewEvents(2));
        await store.AppendAsync("b", ExpectedVersion.NoStream, NewEvents(1));
        await store.AppendAsync("a", ExpectedVersion.Exactly(2), NewEvents(1));

        var all = new List<StoredEvent>();
        await foreach (var stored in store.ReadAllAsync())
        {
            all.Add(stored);
        }

        Assert.Equal([1L, 2L, 3L], all.Where(stored => stored.StreamId == "a").Select(stored => stored.Version));
        Assert.Equal([1L], all.Where(stored => stored.StreamId == "b").Select(stored => stored.Version));
        Assert.Equal(4, all.Count);
    }

    [Theory]
    [InlineData("")]
    [InlineData("a/b")]
    [InlineData("a#b")]
    [InlineData("a?b")]
    [InlineData("a\\b")]
    [InlineData("tab\there")]
    public async Task Append_StreamIdNoStoreCanHold_IsRefused(string streamId)
    {
        var store = CreateStore();

        await Assert.ThrowsAnyAsync<ArgumentException>(() => store.AppendAsync(streamId, ExpectedVersion.Any, NewEvents(1)));
    }

    [Fact]
    public async Task Append_NoEvents_IsRefused()
    {
        var store = CreateStore();

        await Assert.ThrowsAnyAsync<ArgumentException>(() => store.AppendAsync("order-1", ExpectedVersion.Any, []));
    }

    [Fact]
    public async Task ReadStream_DamagedEvent_FailsWithAClearErrorNamingItsPlace()
    {
        var store = CreateStore();
        await store.AppendAsync("order-1", ExpectedVersion.NoStream, NewEvents(3));
        await CorruptAsync(store, new StreamPosition("order-1", 2));

        var error = await Assert.ThrowsAsync<StoredDataException>(() => ReadAsync(store, "order-1"));

        Assert.Equal(new StreamPosition("order-1", 2), error.Position);
        Assert.Contains("order-1", error.Message, StringComparison.Ordinal);
    }

    /// <summary>Events with distinct ids and payloads.</summary>
    protected static List<NewEvent> NewEvents(int count) =>
        [.. Enumerable.Range(0, count).Select(index => new NewEvent(
            Guid.CreateVersion7(),
            "test.something-happened",
            Encoding.UTF8.GetBytes($"payload {index} {Guid.NewGuid()}"),
            Guid.NewGuid(),
            Guid.NewGuid()))];

    protected static async Task<List<StoredEvent>> ReadAsync(IEventStore store, string streamId, long fromVersion = 1)
    {
        var events = new List<StoredEvent>();
        await foreach (var stored in store.ReadStreamAsync(streamId, fromVersion))
        {
            events.Add(stored);
        }

        return events;
    }
}
