namespace Cqrs.EventSourcing;

/// <summary>Applies stored events to projections exactly once each, in stream order, with checkpoints in the store. Thread-safe.</summary>
public sealed class ProjectionRunner
{
    private readonly IEventStore _events;
    private readonly ICheckpointStore _checkpoints;
    private readonly EventCodec _codec;
    private readonly KeyedLocks _locks = new();

    internal ProjectionRunner(IEventSourcingStore store, EventCodec codec)
    {
        _events = store;
        _checkpoints = store;
        _codec = codec;
    }

    /// <summary>
    /// Applies a delivered event unless the projection has it already. An event that arrives ahead of others of
    /// its stream first brings the ones it skipped from the store, so the projection sees every stream in order.
    /// </summary>
    /// <exception cref="InvalidOperationException">The event was not published from an event store (it has no stream position).</exception>
    public async ValueTask ProjectAsync(IProjection projection, IEvent @event, IMessageContext context, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(projection);
        ArgumentNullException.ThrowIfNull(context);
        var position = context.Stream
            ?? throw new InvalidOperationException($"Projection {projection.Name} got a {context.WireName} that was not published from an event store; projections read stored events only.");
        using (await _locks.EnterAsync($"{projection.Name}/{position.StreamId}", cancellationToken).ConfigureAwait(false))
        {
            var checkpoint = await _checkpoints.GetCheckpointAsync(projection.Name, position.StreamId, cancellationToken).ConfigureAwait(false);
            if (position.Version <= checkpoint)
            {
                return;
            }

            if (position.Version > checkpoint + 1)
            {
                await foreach (var skipped in _events.ReadStreamAsync(position.StreamId, checkpoint + 1, cancellationToken).ConfigureAwait(false))
                {
                    if (skipped.Version >= position.Version)
                    {
                        break;
                    }

                    await projection.ApplyAsync(_codec.Read(skipped), skipped.Position, cancellationToken).ConfigureAwait(false);
                }
            }

            await projection.ApplyAsync(@event, position, cancellationToken).ConfigureAwait(false);
            await _checkpoints.SetCheckpointAsync(projection.Name, position.StreamId, position.Version, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>Empties the projection and applies every stored event to it again. Run it while no events are being delivered to it.</summary>
    public async Task RebuildAsync(IProjection projection, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(projection);
        await projection.ResetAsync(cancellationToken).ConfigureAwait(false);
        await _checkpoints.ClearCheckpointsAsync(projection.Name, cancellationToken).ConfigureAwait(false);
        var reached = new Dictionary<string, long>(StringComparer.Ordinal);
        await foreach (var stored in _events.ReadAllAsync(cancellationToken).ConfigureAwait(false))
        {
            await projection.ApplyAsync(_codec.Read(stored), stored.Position, cancellationToken).ConfigureAwait(false);
            reached[stored.StreamId] = stored.Version;
        }

        foreach (var (streamId, version) in reached)
        {
            await _checkpoints.SetCheckpointAsync(projection.Name, streamId, version, cancellationToken).ConfigureAwait(false);
        }
    }
}
