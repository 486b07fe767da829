using Cqrs.Transports;
using Microsoft.Extensions.Logging;

namespace Cqrs.EventSourcing;

/// <summary>
/// Finds outbox entries that can never be published (the stored event cannot be read, its row is missing, or its
/// type is retired: no event is registered under its wire name) and sets each aside in the store with the reason
/// (<see cref="IOutboxStore.DeadLetterAsync"/>), logged and counted in <c>cqrs.messages.dead_lettered</c>. The sweep
/// reads the oldest entries first, so one such entry left in place would hold back every later event, forever.
/// Thread-safe.
/// </summary>
internal sealed partial class UnpublishableEvents(IOutboxStore store, EventCodec codec, IMessageStorePipeline pipeline, ILogger<UnpublishableEvents> logger)
{
    /// <summary>The dead-letter reason these are counted under.</summary>
    public const string Reason = "UnpublishableStoredEvent";

    /// <summary>
    /// The oldest unpublished events, as <see cref="IOutboxStore.ReadUnpublishedAsync"/>; an entry the store cannot
    /// read (it names it) is set aside and the outbox read again.
    /// </summary>
    /// <exception cref="StoredDataException">The store cannot read an entry it could not set aside either (its own key is damaged).</exception>
    public async Task<IReadOnlyList<StoredEvent>> ReadUnpublishedAsync(int maxCount, CancellationToken cancellationToken)
    {
        var setAside = new HashSet<StreamPosition>();
        while (true)
        {
            try
            {
                return await store.ReadUnpublishedAsync(maxCount, cancellationToken).ConfigureAwait(false);
            }
            catch (StoredDataException unreadable) when (setAside.Add(unreadable.Position))
            {
                await SetAsideAsync(unreadable.Position, "(unknown)", unreadable, cancellationToken).ConfigureAwait(false);
            }
        }
    }

    /// <summary>Those of <paramref name="events"/> that can be published; the others are set aside.</summary>
    public async Task<List<StoredEvent>> SetAsideUnpublishableAsync(List<StoredEvent> events, CancellationToken cancellationToken)
    {
        var publishable = new List<StoredEvent>(events.Count);
        foreach (var stored in events)
        {
            try
            {
                codec.Read(stored);
                publishable.Add(stored);
            }
            catch (StoredDataException unreadable)
            {
                await SetAsideAsync(stored.Position, stored.WireName, unreadable, cancellationToken).ConfigureAwait(false);
            }
        }

        return publishable;
    }

    private async Task SetAsideAsync(StreamPosition position, string wireName, StoredDataException why, CancellationToken cancellationToken)
    {
        await store.DeadLetterAsync(position, why.Message, cancellationToken).ConfigureAwait(false);
        pipeline.RecordDeadLettered(wireName, Reason);
        LogSetAside(why, position.StreamId, position.Version, why.Message);
    }

    [LoggerMessage(Level = LogLevel.Error, Message = "The outbox entry of {Stream} version {Version} cannot be published, so it is dead-lettered (IOutboxStore.ReadDeadLettersAsync lists it): {Reason}")]
    private partial void LogSetAside(Exception exception, string stream, long version, string reason);
}
