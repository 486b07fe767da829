namespace Cqrs.EventSourcing;

/// <summary>
/// A store that can hold some projections' read models itself (the SQLite store, for projections that write to
/// its file): it applies events to such a projection and advances the projection's checkpoints in one
/// transaction, so each event is applied exactly once, even across crashes. <see cref="ProjectionRunner"/> uses
/// it for the projections the store <see cref="Supports"/>; it applies the others itself, at least once.
/// Thread-safe.
/// </summary>
public interface ITransactionalProjectionStore
{
    /// <summary>True when this store can apply <paramref name="projection"/>'s events in its own transactions.</summary>
    bool Supports(IProjection projection);

    /// <summary>
    /// In one transaction: applies to <paramref name="projection"/> those of <paramref name="events"/> that its
    /// checkpoints do not cover yet, and advances the checkpoints of their streams. All or nothing.
    /// </summary>
    /// <param name="projection">A projection the store <see cref="Supports"/>.</param>
    /// <param name="events">The events; those of one stream in version order.</param>
    /// <param name="cancellationToken">Cancels the wait for the store; once the transaction runs, it runs to its end.</param>
    /// <exception cref="InvalidOperationException">An event is not the next of its stream after the checkpoint (an event is missing).</exception>
    Task ApplyAsync(IProjection projection, IReadOnlyList<ProjectionEvent> events, CancellationToken cancellationToken = default);

    /// <summary>In one transaction: empties <paramref name="projection"/>'s read model and forgets its checkpoints (before a rebuild).</summary>
    Task ResetAsync(IProjection projection, CancellationToken cancellationToken = default);
}
