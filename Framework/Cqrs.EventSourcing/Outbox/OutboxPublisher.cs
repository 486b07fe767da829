using System.Collections.Concurrent;
using Cqrs.Transports;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace Cqrs.EventSourcing;

/// <summary>
/// Publishes stored events and marks them published. Events are published right after their append, and a
/// sweep publishes what an earlier process stored but did not publish. Within this process each event is
/// published once: a claim per event id, taken before the append, keeps the sweep off events that this process
/// will publish, is publishing, or has just published. An event is marked published only once it is delivered:
/// handled by every in-process handler (or dead-lettered), or taken by a broker.
/// Across processes delivery is at least once; handlers that must not run twice use the <see cref="Inbox"/>.
/// Thread-safe.
/// </summary>
internal sealed partial class OutboxPublisher(
    IEventSourcingStore store,
    EventCodec codec,
    UnpublishableEvents unpublishable,
    IServiceProvider services,
    IOptions<EventSourcingOptions> options,
    ILogger<OutboxPublisher> logger) : IAsyncDisposable, IDisposable
{
    // A claim's value: being published; published but not yet marked; or (positive) the _clock tick it was marked at.
    private const long InFlight = 0;
    private const long Unmarked = -1;

    private readonly ConcurrentDictionary<Guid, long> _claims = new();
    private readonly StoredPublisher _publisher = new(services);
    private long _clock;
    private int _sweeping;

    /// <summary>
    /// Claims events about to be appended, before the append: a sweep that finds them in the outbox afterwards
    /// leaves them to <see cref="PublishAppendedAsync"/>, however late that comes.
    /// </summary>
    public void ClaimForAppend(IReadOnlyList<NewEvent> events)
    {
        foreach (var added in events)
        {
            _claims[added.EventId] = InFlight;
        }
    }

    /// <summary>Gives up the claims of an append that failed; should it have been stored after all, a sweep publishes it.</summary>
    public void Unclaim(IReadOnlyList<NewEvent> events)
    {
        foreach (var added in events)
        {
            _claims.TryRemove(added.EventId, out _);
        }
    }

    /// <summary>
    /// Publishes events this process has just appended (and validated), claimed by <see cref="ClaimForAppend"/>. Returns
    /// once they are handed over; they are marked published later, once delivered (see <see cref="PublishClaimedAsync"/>).
    /// </summary>
    public Task PublishAppendedAsync(List<StoredEvent> events, IMessageContext? cause, CancellationToken cancellationToken) =>
        PublishClaimedAsync(events, validated: true, cause, cancellationToken);

    /// <summary>
    /// Publishes what the outbox still holds and nobody here is publishing, and waits until it is delivered and
    /// marked; returns how many it published.
    /// </summary>
    public async Task<int> SweepAsync(CancellationToken cancellationToken)
    {
        Interlocked.Increment(ref _sweeping);
        try
        {
            var sweepStarted = Interlocked.Increment(ref _clock);
            var pending = await unpublishable.ReadUnpublishedAsync(options.Value.OutboxBatchSize, cancellationToken).ConfigureAwait(false);
            var publishedEarlier = pending.Where(stored => _claims.TryGetValue(stored.EventId, out var claim) && claim != InFlight).ToList();
            if (publishedEarlier.Count > 0)
            {
                await store.MarkPublishedAsync(publishedEarlier, cancellationToken).ConfigureAwait(false);
                Release(publishedEarlier);
            }

            // One that can never be published is set aside, out of the outbox: left there, it would stop every sweep.
            var publishable = await unpublishable.SetAsideUnpublishableAsync([.. pending.Where(stored => !_claims.ContainsKey(stored.EventId))], cancellationToken).ConfigureAwait(false);
            var unclaimed = publishable.Where(stored => _claims.TryAdd(stored.EventId, InFlight)).ToList();
            var marking = await PublishClaimedAsync(unclaimed, validated: false, cause: null, cancellationToken).ConfigureAwait(false);
            await marking.ConfigureAwait(false);
            ForgetMarkedBefore(sweepStarted);
            return unclaimed.Count;
        }
        finally
        {
            Interlocked.Decrement(ref _sweeping);
        }
    }

    /// <summary>
    /// Stops the transport, which settles or sets aside every delivery, then waits a bounded time for the markings under
    /// way (see <see cref="StoredPublisher.StopThenWaitAsync"/>; the events of those abandoned stay in the outbox). The
    /// store, created before this, is disposed after it.
    /// </summary>
    public async ValueTask DisposeAsync()
    {
        if (await _publisher.StopThenWaitAsync().ConfigureAwait(false) is > 0 and var abandoned)
        {
            LogMarkingAbandoned(abandoned);
        }
    }

    /// <summary>For containers disposed synchronously.</summary>
    public void Dispose() => DisposeAsync().AsTask().GetAwaiter().GetResult();

    /// <summary>
    /// Publishes in order; events not handed over are unclaimed for a later sweep. Returns the marking of those handed
    /// over, which waits for their delivery: an event is marked published only once every in-process handler has
    /// handled it (or a broker has taken it), so a crash before that leaves it in the outbox for the next sweep.
    /// </summary>
    private async Task<Task> PublishClaimedAsync(List<StoredEvent> events, bool validated, IMessageContext? cause, CancellationToken cancellationToken)
    {
        var publication = await _publisher.PublishAsync(events, stored => (codec.ToMessage(stored), new StoredDelivery(stored.Position)), validated, cause, MarkOnceDeliveredAsync, cancellationToken).ConfigureAwait(false);
        foreach (var unpublished in events.Skip(publication.HandedOver))
        {
            _claims.TryRemove(unpublished.EventId, out _);
        }

        if (publication.Failure is { } failure)
        {
            // The caller's cancellation is the caller's: it gets it back, and what was handed over is still marked.
            if (failure.SourceException is OperationCanceledException && cancellationToken.IsCancellationRequested)
            {
                failure.Throw();
            }

            var first = events[publication.HandedOver];
            LogPublishFailed(failure.SourceException, events.Count - publication.HandedOver, first.StreamId, first.Version);
        }

        return publication.Settling;
    }

    /// <summary>
    /// Marks the delivered events. Those set aside undelivered (the transport stopped) are unclaimed, for a later sweep.
    /// Marked events stay claimed until the mark is stored, so the sweep marks them without publishing them again.
    /// </summary>
    private async Task MarkOnceDeliveredAsync(List<StoredEvent> delivered, List<StoredEvent> kept)
    {
        foreach (var stored in kept)
        {
            _claims.TryRemove(stored.EventId, out _);
        }

        if (delivered.Count == 0)
        {
            return;
        }

        foreach (var stored in delivered)
        {
            _claims[stored.EventId] = Unmarked;
        }

        try
        {
            await store.MarkPublishedAsync(delivered, CancellationToken.None).ConfigureAwait(false);
            Release(delivered);
        }
        catch (Exception exception)
        {
            LogMarkFailed(exception, delivered.Count);
        }
    }

    /// <summary>
    /// Drops the claims of events just marked published, unless a sweep is under way: it may have read them
    /// from the outbox before they were marked, so they stay claimed (with the tick they were marked at) until it ends.
    /// </summary>
    private void Release(List<StoredEvent> marked)
    {
        var sweepUnderWay = Volatile.Read(ref _sweeping) > 0;
        var tick = Interlocked.Increment(ref _clock);
        foreach (var stored in marked)
        {
            if (sweepUnderWay)
            {
                _claims[stored.EventId] = tick;
            }
            else
            {
                _claims.TryRemove(stored.EventId, out _);
            }
        }
    }

    /// <summary>Events marked before this sweep read the outbox are not in it now and never will be again.</summary>
    private void ForgetMarkedBefore(long sweepStarted)
    {
        foreach (var (eventId, claim) in _claims)
        {
            if (claim > 0 && claim < sweepStarted)
            {
                _claims.TryRemove(KeyValuePair.Create(eventId, claim));
            }
        }
    }

    [LoggerMessage(Level = LogLevel.Warning, Message = "{Count} publications of stored events were still under way at disposal; their events stay in the outbox, for the next sweep.")]
    private partial void LogMarkingAbandoned(int count);

    [LoggerMessage(Level = LogLevel.Warning, Message = "Published {Count} stored events but could not mark them; the outbox sweep will mark them without publishing them again.")]
    private partial void LogMarkFailed(Exception exception, int count);

    [LoggerMessage(Level = LogLevel.Warning, Message = "Could not publish {Count} stored events from {Stream} version {Version} on; the outbox sweep will publish them.")]
    private partial void LogPublishFailed(Exception exception, int count, string stream, long version);
}
