using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace Cqrs.EventSourcing;

/// <summary>Folds streams into aggregates (from the latest snapshot on), appends their events, publishes them.</summary>
internal sealed partial class AggregateRepository<TAggregate>(
    IEventStore streams,
    ISnapshotStore snapshots,
    EventCodec codec,
    AggregateStates states,
    OutboxPublisher outbox,
    IOptions<EventSourcingOptions> options,
    ILogger<AggregateRepository<TAggregate>> logger) : IAggregateRepository<TAggregate>
    where TAggregate : IAggregate<TAggregate>
{
    private readonly AggregateState<TAggregate> _state = states.Get<TAggregate>();
    private readonly EventSourcingOptions _options = options.Value;

    public string StreamOf(string id) => $"{_state.WireName}-{id}";

    public async Task<Loaded<TAggregate>> LoadAsync(string id, CancellationToken cancellationToken = default)
    {
        var stream = StreamOf(id);
        var (state, version) = await LoadSnapshotAsync(stream, cancellationToken).ConfigureAwait(false);
        await foreach (var stored in streams.ReadStreamAsync(stream, version + 1, cancellationToken).ConfigureAwait(false))
        {
            if (stored.Version != version + 1)
            {
                throw new StoredDataException(stored.Position, $"version {version + 1} was expected next: the stream has a gap.");
            }

            state = state.Apply(codec.Read(stored));
            version = stored.Version;
        }

        return new Loaded<TAggregate>(state, version);
    }

    public async Task<long> ExecuteAsync(string id, IMessageContext? context, Func<TAggregate, IEnumerable<IEvent>> decide, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(decide);
        for (var attempt = 0; ; attempt++)
        {
            var loaded = await LoadAsync(id, cancellationToken).ConfigureAwait(false);
            var events = decide(loaded.State).ToList();
            if (events.Count == 0)
            {
                return loaded.Version;
            }

            try
            {
                return await AppendAsync(id, ExpectedVersion.Exactly(loaded.Version), events, context, loaded, cancellationToken).ConfigureAwait(false);
            }
            catch (ConcurrencyException) when (attempt < _options.ConflictRetries)
            {
                // Another writer appended first: decide again on the state it left.
            }
        }
    }

    public Task<long> AppendAsync(string id, ExpectedVersion expectedVersion, IReadOnlyList<IEvent> events, IMessageContext? context, CancellationToken cancellationToken = default) =>
        AppendAsync(id, expectedVersion, events, context, loaded: null, cancellationToken);

    /// <summary>Appends, publishes, and snapshots when one is due: from <paramref name="loaded"/> (the state the events were decided on) if known, else from the store.</summary>
    private async Task<long> AppendAsync(
        string id, ExpectedVersion expectedVersion, IReadOnlyList<IEvent> events, IMessageContext? context, Loaded<TAggregate>? loaded, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(events);
        var stream = StreamOf(id);
        var causationId = context?.MessageId ?? Guid.Empty;
        var correlationId = context?.CorrelationId;
        var newEvents = new List<NewEvent>(events.Count);
        foreach (var @event in events)
        {
            var added = await codec.ToNewEventAsync(@event, correlationId, causationId, cancellationToken).ConfigureAwait(false);
            correlationId ??= added.CorrelationId;
            newEvents.Add(added);
        }

        outbox.ClaimForAppend(newEvents);
        long version;
        try
        {
            version = await streams.AppendAsync(stream, expectedVersion, newEvents, cancellationToken).ConfigureAwait(false);
        }
        catch
        {
            outbox.Unclaim(newEvents);
            throw;
        }

        var now = DateTimeOffset.UtcNow;
        var first = version - newEvents.Count + 1;
        var stored = newEvents.Select((added, index) => new StoredEvent(
            stream, first + index, added.EventId, added.WireName, added.Payload, added.CorrelationId, added.CausationId, now)).ToList();
        await outbox.PublishAppendedAsync(stored, context, cancellationToken).ConfigureAwait(false);
        if (_options.SnapshotEvery > 0 && version / _options.SnapshotEvery > (first - 1) / _options.SnapshotEvery)
        {
            await SaveSnapshotAsync(id, loaded, events, cancellationToken).ConfigureAwait(false);
        }

        return version;
    }

    private async Task<(TAggregate State, long Version)> LoadSnapshotAsync(string stream, CancellationToken cancellationToken)
    {
        var snapshot = _options.SnapshotEvery > 0 ? await snapshots.LoadSnapshotAsync(stream, cancellationToken).ConfigureAwait(false) : null;
        if (snapshot is null)
        {
            return (TAggregate.Initial, 0);
        }

        try
        {
            return snapshot.StateType == _state.WireName
                ? (_state.Deserialize(snapshot.State), snapshot.Version)
                : throw new InvalidOperationException($"the snapshot holds a {snapshot.StateType}, not a {_state.WireName}.");
        }
        catch (Exception exception) when (exception is Serialization.MessageFormatException or InvalidOperationException)
        {
            // A snapshot is a cache: an unreadable one (an older state shape, say) only means a full replay.
            LogSnapshotIgnored(exception, stream, snapshot.Version);
            return (TAggregate.Initial, 0);
        }
    }

    /// <summary>
    /// Snapshots the aggregate after an append: <paramref name="before"/> with <paramref name="appended"/> applied,
    /// or, without it, as loaded now. A failure costs only a longer load later, so it is logged, not thrown.
    /// </summary>
    private async Task SaveSnapshotAsync(string id, Loaded<TAggregate>? before, IReadOnlyList<IEvent> appended, CancellationToken cancellationToken)
    {
        try
        {
            var after = before is { } decidedOn
                ? new Loaded<TAggregate>(appended.Aggregate(decidedOn.State, (state, @event) => state.Apply(@event)), decidedOn.Version + appended.Count)
                : await LoadAsync(id, cancellationToken).ConfigureAwait(false);
            await snapshots.SaveSnapshotAsync(StreamOf(id), new Snapshot(after.Version, _state.WireName, _state.Serialize(after.State)), cancellationToken).ConfigureAwait(false);
        }
        catch (Exception exception) when (exception is not OperationCanceledException)
        {
            LogSnapshotFailed(exception, StreamOf(id));
        }
    }

    [LoggerMessage(Level = LogLevel.Warning, Message = "Ignored the snapshot of {Stream} at version {Version}; replaying the whole stream.")]
    private partial void LogSnapshotIgnored(Exception exception, string stream, long version);

    [LoggerMessage(Level = LogLevel.Warning, Message = "Could not save a snapshot of {Stream}.")]
    private partial void LogSnapshotFailed(Exception exception, string stream);
}
