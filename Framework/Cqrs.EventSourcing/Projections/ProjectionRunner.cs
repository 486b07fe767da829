namespace Cqrs.EventSourcing;

/// <summary>
/// Applies stored events to projections in stream order, with checkpoints in the store: exactly once each for a
/// projection the store applies in its own transactions (<see cref="ITransactionalProjectionStore"/>), at least
/// once for the others (see <see cref="IProjection"/>). Thread-safe.
/// </summary>
public sealed class ProjectionRunner
{
    /// <summary>How many events a rebuild applies in one go (one transaction, for a transactional projection).</summary>
    private const int RebuildBatch = 256;

    private readonly IEventStore _events;
    private readonly ICheckpointStore _checkpoints;
    private readonly ITransactionalProjectionStore? _transactions;
    private readonly EventCodec _codec;
    private readonly KeyedLocks _locks = new();

    internal ProjectionRunner(IEventStore events, ICheckpointStore checkpoints, ITransactionalProjectionStore? transactions, EventCodec codec)
    {
        _events = events;
        _checkpoints = checkpoints;
        _transactions = transactions;
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

            var events = new List<ProjectionEvent>();
            if (position.Version > checkpoint + 1)
            {
                await foreach (var skipped in _events.ReadStreamAsync(position.StreamId, checkpoint + 1, cancellationToken).ConfigureAwait(false))
                {
                    if (skipped.Version >= position.Version)
                    {
                        break;
                    }

                    events.Add(new ProjectionEvent(_codec.Read(skipped), skipped.Position));
                }
            }

            events.Add(new ProjectionEvent(@event, position));
            await ApplyAsync(projection, events, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>Empties the projection and applies every stored event to it again. Run it while no events are being delivered to it.</summary>
    public async Task RebuildAsync(IProjection projection, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(projection);
        if (IsTransactional(projection))
        {
            await _transactions!.ResetAsync(projection, cancellationToken).ConfigureAwait(false);
        }
        else
        {
            await projection.ResetAsync(cancellationToken).ConfigureAwait(false);
            await _checkpoints.ClearCheckpointsAsync(projection.Name, cancellationToken).ConfigureAwait(false);
        }

        var batch = new List<ProjectionEvent>(RebuildBatch);
        await foreach (var stored in _events.ReadAllAsync(cancellationToken).ConfigureAwait(false))
        {
            batch.Add(new ProjectionEvent(_codec.Read(stored), stored.Position));
            if (batch.Count == RebuildBatch)
            {
                await ApplyAsync(projection, batch, cancellationToken).ConfigureAwait(false);
                batch.Clear();
            }
        }

        if (batch.Count > 0)
        {
            await ApplyAsync(projection, batch, cancellationToken).ConfigureAwait(false);
        }
    }

    private bool IsTransactional(IProjection projection) => _transactions?.Supports(projection) == true;

    /// <summary>Applies events (each stream's in order) and advances their streams' checkpoints: in one transaction when the store can.</summary>
    private async Task ApplyAsync(IProjection projection, List<ProjectionEvent> events, CancellationToken cancellationToken)
    {
        if (IsTransactional(projection))
        {
            await _transactions!.ApplyAsync(projection, events, cancellationToken).ConfigureAwait(false);
            return;
        }

        // Two writes, the read model's then the checkpoint's: a crash between them applies these events again.
        var reached = new Dictionary<string, long>(StringComparer.Ordinal);
        foreach (var (@event, position) in events)
        {
            await projection.ApplyAsync(@event, position, cancellationToken).ConfigureAwait(false);
            reached[position.StreamId] = position.Version;
        }

        foreach (var (streamId, version) in reached)
        {
            await _checkpoints.SetCheckpointAsync(projection.Name, streamId, version, cancellationToken).ConfigureAwait(false);
        }
    }
}
