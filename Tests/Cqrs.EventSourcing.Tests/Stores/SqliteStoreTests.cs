namespace Cqrs.EventSourcing.Tests.Stores;

public sealed class SqliteStoreTests : EventStoreContractTests, IDisposable
{
    private readonly SqliteTestFile _file = new();

    protected override StoreSet CreateStore(TimeProvider? clock = null) => _file.Open(clock: clock);

    /// <summary>A new store on the same file, as a restarted process would open it.</summary>
    protected override StoreSet Reopen(StoreSet store) => _file.Open();

    /// <summary>Overwrites the event's id with text, which no id is stored as.</summary>
    protected override Task CorruptAsync(StoreSet store, StreamPosition position) =>
        _file.ExecuteAsync(
            "UPDATE events SET event_id = 'not an id' WHERE stream_id = $stream AND version = $version;",
            ("$stream", position.StreamId),
            ("$version", position.Version));

    public void Dispose() => _file.Dispose();
}
