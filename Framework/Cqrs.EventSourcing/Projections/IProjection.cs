namespace Cqrs.EventSourcing;

/// <summary>
/// A read model built from stored events. Its event handlers pass each event to
/// <see cref="ProjectionRunner.ProjectAsync"/>, which applies it once and in stream order, keeping a checkpoint
/// per stream; <see cref="ProjectionRunner.RebuildAsync"/> builds it again from the store.
/// </summary>
public interface IProjection
{
    /// <summary>The projection's name: its checkpoints are kept under it. Keep it stable.</summary>
    string Name { get; }

    /// <summary>Applies one event to the read model. Every event of a stream comes here in order: ignore those the model does not use.</summary>
    ValueTask ApplyAsync(IEvent @event, StreamPosition position, CancellationToken cancellationToken);

    /// <summary>Empties the read model (before a rebuild).</summary>
    ValueTask ResetAsync(CancellationToken cancellationToken);
}
