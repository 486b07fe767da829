using Microsoft.Data.Sqlite;

namespace Cqrs.EventSourcing.Sqlite;

/// <summary>
/// A projection whose read model is tables in the SQLite file (<see cref="SqliteDatabase"/>). <see cref="SqliteProjectionStore"/> applies each
/// event on its write connection, in the transaction that also advances the projection's checkpoint, so each event
/// is applied <b>exactly once</b>, even across crashes: the change and the checkpoint commit together or not at all.
/// </summary>
/// <remarks>
/// Write only through the connection given, with commands you create on it (they join the store's transaction);
/// never begin, commit or roll back a transaction, and keep no state outside the file (a change that is rolled
/// back would leave it ahead). Throw to undo the whole call: nothing of it commits, and the event is delivered again.
/// Create the read model's tables in <see cref="ResetAsync(SqliteConnection)"/> or with <c>CREATE TABLE IF NOT
/// EXISTS</c> in <see cref="ApplyAsync(IEvent, StreamPosition, SqliteConnection)"/>. Used with another store, the
/// projection fails with <see cref="NotSupportedException"/>.
/// </remarks>
/// <example><code>
/// public async Task ApplyAsync(IEvent @event, StreamPosition position, SqliteConnection connection)
/// {
///     if (@event is MoneyDeposited deposited)
///     {
///         await using var update = connection.CreateCommand();
///         update.CommandText = "UPDATE balances SET balance = balance + $amount WHERE account = $account;";
///         update.Parameters.AddWithValue("$amount", deposited.Amount);
///         update.Parameters.AddWithValue("$account", deposited.AccountId);
///         await update.ExecuteNonQueryAsync();
///     }
/// }
/// </code></example>
public interface ISqliteProjection : IProjection
{
    /// <summary>Applies one event to the read model through <paramref name="connection"/>, inside the store's transaction.</summary>
    Task ApplyAsync(IEvent @event, StreamPosition position, SqliteConnection connection);

    /// <summary>Empties the read model through <paramref name="connection"/>, inside the transaction that clears its checkpoints.</summary>
    Task ResetAsync(SqliteConnection connection);

    ValueTask IProjection.ApplyAsync(IEvent @event, StreamPosition position, CancellationToken cancellationToken) =>
        throw new NotSupportedException($"Projection {Name} keeps its read model in a SQLite event store's file: it runs only over that store.");

    ValueTask IProjection.ResetAsync(CancellationToken cancellationToken) =>
        throw new NotSupportedException($"Projection {Name} keeps its read model in a SQLite event store's file: it runs only over that store.");
}
