using Cqrs.Transports;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace Cqrs.EventSourcing;

/// <summary>
/// The event outbox's relay (<see cref="StoredMessageRelay{T}"/>): publishes stored events and marks them published
/// once delivered. Events are published right after their append, and a sweep publishes what an earlier process
/// stored but did not publish; the events' claims are taken before the append, so the sweep leaves them to this
/// process's publication, however late that comes. Across processes delivery is at least once; handlers that must
/// not run twice use the <see cref="Inbox"/>. Thread-safe.
/// </summary>
internal sealed partial class OutboxPublisher : IStoredMessageSource<StoredEvent>, IAsyncDisposable, IDisposable
{
    private readonly IOutboxStore _store;
    private readonly EventCodec _codec;
    private readonly UnpublishableEvents _unpublishable;
    private readonly IOptions<EventSourcingOptions> _options;
    private readonly ILogger<OutboxPublisher> _logger;
    private readonly StoredMessageRelay<StoredEvent> _relay;

    public OutboxPublisher(
        IOutboxStore store,
        EventCodec codec,
        UnpublishableEvents unpublishable,
        IServiceProvider services,
        IOptions<EventSourcingOptions> options,
        ILogger<OutboxPublisher> logger)
    {
        _store = store;
        _codec = codec;
        _unpublishable = unpublishable;
        _options = options;
        _logger = logger;
        _relay = new StoredMessageRelay<StoredEvent>(this, services, logger);
    }

    public string Entries => "stored events";

    /// <summary>Claims events about to be appended, before the append (see <see cref="StoredMessageRelay{T}.ClaimAhead"/>).</summary>
    public void ClaimForAppend(IReadOnlyList<NewEvent> events) => _relay.ClaimAhead(events.Select(added => added.EventId));

    /// <summary>Gives up the claims of an append that failed; should it have been stored after all, a sweep publishes it.</summary>
    public void Unclaim(IReadOnlyList<NewEvent> events)
    {
        foreach (var added in events)
        {
            _relay.Unclaim(added.EventId);
        }
    }

    /// <summary>
    /// Publishes events this process has just appended (and validated), claimed by <see cref="ClaimForAppend"/>. Returns
    /// once they are handed over; they are marked published later, once delivered, so a crash before that leaves them in
    /// the outbox for the next sweep. A hand-over that fails is logged: the sweep publishes what it left.
    /// </summary>
    public async Task PublishAppendedAsync(List<StoredEvent> events, IMessageContext? cause, CancellationToken cancellationToken)
    {
        var publication = await _relay.PublishAsync(events, cause, cancellationToken).ConfigureAwait(false);
        if (publication.Failure is { } failure)
        {
            // The caller's cancellation is the caller's: it gets it back, and what was handed over is still marked.
            if (failure.SourceException is OperationCanceledException && cancellationToken.IsCancellationRequested)
            {
                failure.Throw();
            }

            LogPublishFailed(failure.SourceException, events[publication.HandedOver], events.Count - publication.HandedOver);
        }
    }

    /// <summary>
    /// Publishes what the outbox still holds and nobody here is publishing, and waits until it is delivered and
    /// marked; returns how many it published.
    /// </summary>
    public Task<int> SweepAsync(CancellationToken cancellationToken) => _relay.SweepAsync(cancellationToken);

    /// <summary>Stops the transport and waits a bounded time for the markings under way; the events of those abandoned stay in the outbox.</summary>
    public ValueTask DisposeAsync() => _relay.DisposeAsync();

    /// <summary>For containers disposed synchronously.</summary>
    public void Dispose() => DisposeAsync().AsTask().GetAwaiter().GetResult();

    Guid IStoredMessageSource<StoredEvent>.IdOf(StoredEvent entry) => entry.EventId;

    /// <summary>One group: events are published in the order the outbox gives them.</summary>
    string IStoredMessageSource<StoredEvent>.GroupOf(StoredEvent entry) => string.Empty;

    /// <summary>An aggregate's events are ordered by their stream unless their type names an ordering key: each aggregate's in the order appended.</summary>
    (StoredMessage Message, StoredDelivery Delivery) IStoredMessageSource<StoredEvent>.PublicationOf(StoredEvent entry) =>
        (_codec.ToMessage(entry), new StoredDelivery(entry.Position) { OrderingKey = entry.StreamId });

    Task<IReadOnlyList<StoredEvent>> IStoredMessageSource<StoredEvent>.ReadDueAsync(CancellationToken cancellationToken) =>
        _unpublishable.ReadUnpublishedAsync(_options.Value.OutboxBatchSize, cancellationToken);

    Task<List<StoredEvent>> IStoredMessageSource<StoredEvent>.PublishableAsync(List<StoredEvent> entries, CancellationToken cancellationToken) =>
        _unpublishable.SetAsideUnpublishableAsync(entries, cancellationToken);

    Task IStoredMessageSource<StoredEvent>.ForgetAsync(IReadOnlyList<StoredEvent> delivered, CancellationToken cancellationToken) =>
        _store.MarkPublishedAsync(delivered, cancellationToken);

    /// <summary>One read per sweep (the sweeper runs every interval), once what it published is marked.</summary>
    async ValueTask<bool> IStoredMessageSource<StoredEvent>.ReadAgainAsync(SweepPass pass, CancellationToken cancellationToken)
    {
        await pass.Forgotten.ConfigureAwait(false);
        return false;
    }

    void IStoredMessageSource<StoredEvent>.LogPublishFailed(Exception exception, StoredEvent first, int count) =>
        LogPublishFailed(exception, first, count);

    void IStoredMessageSource<StoredEvent>.LogForgetFailed(Exception exception, IReadOnlyList<StoredEvent> delivered) =>
        LogMarkFailed(exception, delivered.Count);

    private void LogPublishFailed(Exception exception, StoredEvent first, int count) => LogPublishFailed(exception, count, first.StreamId, first.Version);

    [LoggerMessage(Level = LogLevel.Warning, Message = "Published {Count} stored events but could not mark them; the outbox sweep will mark them without publishing them again.")]
    private partial void LogMarkFailed(Exception exception, int count);

    [LoggerMessage(Level = LogLevel.Warning, Message = "Could not publish {Count} stored events from {Stream} version {Version} on; the outbox sweep will publish them.")]
    private partial void LogPublishFailed(Exception exception, int count, string stream, long version);
}
