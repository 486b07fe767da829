namespace Cqrs.EventSourcing;

/// <summary>
/// A read model built from stored events. Its event handlers pass each event to
/// <see cref="ProjectionRunner.ProjectAsync"/>, which applies it in stream order, keeping a checkpoint per stream;
/// <see cref="ProjectionRunner.RebuildAsync"/> builds it again from the store.
/// </summary>
/// <remarks>
/// <para>
/// Delivery to <see cref="ApplyAsync"/> is <b>at least once</b>: the runner applies an event and then records the
/// checkpoint in a second write, so a crash between the two applies that event again after the restart. Make
/// <see cref="ApplyAsync"/> idempotent by stream version: it gets the event's <see cref="StreamPosition"/>, so the
/// read model can keep the last version it applied per stream (in the same write as its change) and skip the rest.
/// </para>
/// <para>
/// <b>Exactly once</b> needs the read model and the checkpoint in one transaction: a projection whose read model
/// lives in the store's own storage, through the store's <see cref="ITransactionalProjectionStore"/> (for SQLite,
/// implement <c>ISqliteProjection</c>: its changes and the checkpoint commit together).
/// </para>
/// </remarks>
public interface IProjection
{
    /// <summary>The projection's name: its checkpoints are kept under it. Keep it stable.</summary>
    string Name { get; }

    /// <summary>
    /// Applies one event to the read model, at least once (see the remarks): use <paramref name="position"/>'s
    /// version to ignore a repeat. Every event of a stream comes here in order: ignore those the model does not use.
    /// </summary>
    ValueTask ApplyAsync(IEvent @event, StreamPosition position, CancellationToken cancellationToken);

    /// <summary>Empties the read model (before a rebuild).</summary>
    ValueTask ResetAsync(CancellationToken cancellationToken);
}
