using static Cqrs.EventSourcing.Sqlite.SqliteDatabase;

namespace Cqrs.EventSourcing.Sqlite;

/// <summary>
/// Projections whose read model lives in the SQLite file (<see cref="ISqliteProjection"/>): applied with their
/// checkpoints (those of <see cref="SqliteCheckpointStore"/>) in one transaction. Thread-safe.
/// </summary>
/// <param name="database">The file, whose writer and clock the store shares with the other stores of the file.</param>
public sealed class SqliteProjectionStore(SqliteDatabase database) : ITransactionalProjectionStore
{
    private readonly SqliteDatabase _database = database ?? throw new ArgumentNullException(nameof(database));

    /// <inheritdoc/>
    public bool Supports(IProjection projection) => projection is ISqliteProjection;

    /// <inheritdoc/>
    /// <exception cref="ArgumentException"><paramref name="projection"/> is not an <see cref="ISqliteProjection"/>.</exception>
    public Task ApplyAsync(IProjection projection, IReadOnlyList<ProjectionEvent> events, CancellationToken cancellationToken = default)
    {
        var sqlite = AsSqlite(projection);
        ArgumentNullException.ThrowIfNull(events);
        return _database.Writer.WriteAsync(
            async connection =>
            {
                // The checkpoints are read again inside the transaction: another process may have applied some of these.
                var reached = new Dictionary<string, long>(StringComparer.Ordinal);
                foreach (var (@event, position) in events)
                {
                    if (!reached.TryGetValue(position.StreamId, out var checkpoint))
                    {
                        checkpoint = await SqliteCheckpointStore.ReadCheckpointAsync(connection, projection.Name, position.StreamId, CancellationToken.None).ConfigureAwait(false);
                    }

                    if (position.Version > checkpoint + 1)
                    {
                        throw new InvalidOperationException(
                            $"Projection {projection.Name} is at version {checkpoint} of {position.StreamId}, so it cannot apply version {position.Version}: the events between are missing.");
                    }

                    if (position.Version == checkpoint + 1)
                    {
                        await sqlite.ApplyAsync(@event, position, connection).ConfigureAwait(false);
                        checkpoint = position.Version;
                    }

                    reached[position.StreamId] = checkpoint;
                }

                foreach (var (streamId, version) in reached)
                {
                    await SqliteCheckpointStore.WriteCheckpointAsync(connection, projection.Name, streamId, version).ConfigureAwait(false);
                }
            },
            cancellationToken);
    }

    /// <inheritdoc/>
    /// <exception cref="ArgumentException"><paramref name="projection"/> is not an <see cref="ISqliteProjection"/>.</exception>
    public Task ResetAsync(IProjection projection, CancellationToken cancellationToken = default)
    {
        var sqlite = AsSqlite(projection);
        return _database.Writer.WriteAsync(
            async connection =>
            {
                await sqlite.ResetAsync(connection).ConfigureAwait(false);
                using var clear = Command(connection, SqliteCheckpointStore.ClearCheckpointsSql, ("$projection", projection.Name));
                await clear.ExecuteNonQueryAsync().ConfigureAwait(false);
            },
            cancellationToken);
    }

    private static ISqliteProjection AsSqlite(IProjection projection)
    {
        ArgumentNullException.ThrowIfNull(projection);
        return projection as ISqliteProjection
            ?? throw new ArgumentException($"Projection {projection.Name} is not an {nameof(ISqliteProjection)}: the SQLite store cannot apply it in its transactions.", nameof(projection));
    }
}
