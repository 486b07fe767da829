using System.Collections.Concurrent;
using Cqrs.Pipeline;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace Cqrs.EventSourcing;

/// <summary>
/// Publishes stored events and marks them published. Events are published right after their append, and a
/// sweep publishes what an earlier process stored but did not publish. Within this process each event is
/// published once: a claim per event id, taken before the append, keeps the sweep off events that this process
/// will publish, is publishing, or has just published.
/// Across processes delivery is at least once; handlers that must not run twice use the <see cref="Inbox"/>.
/// Thread-safe.
/// </summary>
internal sealed partial class OutboxPublisher(
    IEventSourcingStore store,
    EventCodec codec,
    IServiceProvider services,
    IOptions<EventSourcingOptions> options,
    ILogger<OutboxPublisher> logger)
{
    // A claim's value: being published; published but not yet marked; or (positive) the _clock tick it was marked at.
    private const long InFlight = 0;
    private const long Unmarked = -1;

    private readonly ConcurrentDictionary<Guid, long> _claims = new();
    private MessagePipeline? _pipeline;
    private long _clock;
    private int _sweeping;

    /// <summary>Resolved on first use: handlers that depend on a repository are built by the pipeline itself.</summary>
    private MessagePipeline Pipeline => _pipeline ??= services.GetRequiredService<MessagePipeline>();

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

    /// <summary>Publishes events this process has just appended (and validated), claimed by <see cref="ClaimForAppend"/>.</summary>
    public Task PublishAppendedAsync(List<StoredEvent> events, IMessageContext? cause, CancellationToken cancellationToken) =>
        PublishClaimedAsync(events, validated: true, cause, cancellationToken);

    /// <summary>Publishes what the outbox still holds and nobody here is publishing; returns how many it published.</summary>
    public async Task<int> SweepAsync(CancellationToken cancellationToken)
    {
        Interlocked.Increment(ref _sweeping);
        try
        {
            var sweepStarted = Interlocked.Increment(ref _clock);
            var pending = await store.ReadUnpublishedAsync(options.Value.OutboxBatchSize, cancellationToken).ConfigureAwait(false);
            var publishedEarlier = pending.Where(stored => _claims.TryGetValue(stored.EventId, out var claim) && claim != InFlight).ToList();
            if (publishedEarlier.Count > 0)
            {
                await store.MarkPublishedAsync(publishedEarlier, cancellationToken).ConfigureAwait(false);
                Release(publishedEarlier);
            }

            var unclaimed = pending.Where(stored => _claims.TryAdd(stored.EventId, InFlight)).ToList();
            await PublishClaimedAsync(unclaimed, validated: false, cause: null, cancellationToken).ConfigureAwait(false);
            ForgetMarkedBefore(sweepStarted);
            return unclaimed.Count;
        }
        finally
        {
            Interlocked.Decrement(ref _sweeping);
        }
    }

    /// <summary>
    /// Publishes in order, then marks what was published. Events not published are unclaimed for a later sweep;
    /// events published but not marked stay claimed, so the sweep marks them without publishing them again.
    /// </summary>
    private async Task PublishClaimedAsync(List<StoredEvent> events, bool validated, IMessageContext? cause, CancellationToken cancellationToken)
    {
        var published = 0;
        try
        {
            for (; published < events.Count; published++)
            {
                await Pipeline.PublishStoredAsync(codec.ToMessage(events[published]), validated, cause, cancellationToken).ConfigureAwait(false);
            }
        }
        catch (Exception exception)
        {
            LogPublishFailed(exception, events.Count - published, events[published].StreamId, events[published].Version);
            foreach (var unpublished in events.Skip(published))
            {
                _claims.TryRemove(unpublished.EventId, out _);
            }
        }

        if (published == 0)
        {
            return;
        }

        var done = published == events.Count ? events : events[..published];
        foreach (var stored in done)
        {
            _claims[stored.EventId] = Unmarked;
        }

        try
        {
            await store.MarkPublishedAsync(done, cancellationToken).ConfigureAwait(false);
            Release(done);
        }
        catch (Exception exception)
        {
            LogMarkFailed(exception, done.Count);
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

    [LoggerMessage(Level = LogLevel.Warning, Message = "Published {Count} stored events but could not mark them; the outbox sweep will mark them without publishing them again.")]
    private partial void LogMarkFailed(Exception exception, int count);

    [LoggerMessage(Level = LogLevel.Warning, Message = "Could not publish {Count} stored events from {Stream} version {Version} on; the outbox sweep will publish them.")]
    private partial void LogPublishFailed(Exception exception, int count, string stream, long version);
}
