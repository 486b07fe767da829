using System.Runtime.CompilerServices;
using Microsoft.Data.Sqlite;
using SQLitePCL;

namespace Cqrs.EventSourcing.Sqlite;

/// <summary>
/// The embedded store's file, which every SQLite store shares (<see cref="SqliteEventStore"/>, <see cref="SqliteOutboxStore"/>,
/// <see cref="SqliteSnapshotStore"/>, <see cref="SqliteInboxStore"/>, <see cref="SqliteCheckpointStore"/>,
/// <see cref="SqliteProjectionStore"/>, <see cref="SqliteSagaStore"/>): its connections, created with its tables on
/// first use, and its one writer. Thread-safe, and several databases, in one process or in several, may share one
/// file: the file is in WAL mode (readers never wait for the writer), and every write holds SQLite's write lock from
/// its start (<c>BEGIN IMMEDIATE</c>), waiting up to 30 s for another writer to finish. The stores' writes queue here,
/// and those queued together commit together, one durable commit for many writes, each still all or nothing.
/// </summary>
public sealed class SqliteDatabase : IDisposable
{
    private readonly string _connectionString;
    private readonly TimeProvider _clock;

    // SQLite has one writer at a time: the stores' writes queue here, without holding a thread, rather than
    // sleeping in SQLite's busy wait. Writers in other databases and processes still meet at SQLite's lock.
    private readonly SqliteWriter _writer;
    private readonly SemaphoreSlim _schemaGate = new(1, 1);
    private volatile bool _schemaCreated;

    /// <summary>The SQLite file at <paramref name="path"/>; the file is created if missing, its directory is not.</summary>
    /// <param name="path">The database file.</param>
    /// <param name="clock">Stamps appended events, inbox records, dead letters and completed sagas; the system clock by default.</param>
    /// <exception cref="ArgumentException"><paramref name="path"/> is null, empty or white space.</exception>
    public SqliteDatabase(string path, TimeProvider? clock = null)
        : this(ConnectionTo(path), clock)
    {
    }

    /// <summary>A database over <paramref name="connection"/>: lets tests open a file without sharing pooled connections.</summary>
    internal SqliteDatabase(SqliteConnectionStringBuilder connection, TimeProvider? clock = null)
    {
        _connectionString = connection.ToString();
        _clock = clock ?? TimeProvider.System;
        _writer = new SqliteWriter(() => OpenAsync(CancellationToken.None));
    }

    /// <summary>The clock that stamps what the stores write.</summary>
    internal TimeProvider Clock => _clock;

    /// <summary>The one writer every store's writes queue at.</summary>
    internal SqliteWriter Writer => _writer;

    /// <summary>The write transactions this database has begun.</summary>
    internal long WriteTransactions => _writer.Transactions;

    internal int QueuedWrites => _writer.Queued;

    /// <summary>True while a write transaction is beginning, held back by another writer's lock if there is one.</summary>
    internal bool WriteTransactionBeginning => _writer.Beginning;

    /// <summary>
    /// Fails the writes still queued with <see cref="ObjectDisposedException"/>, waits for those under way, and
    /// closes the pooled connections to the file (every database's on this file, in this process), so that the file
    /// can be moved or deleted. Call it once no store uses it.
    /// </summary>
    public void Dispose()
    {
        _writer.Dispose();
        using (var connection = new SqliteConnection(_connectionString))
        {
            SqliteConnection.ClearPool(connection);
        }

        _schemaGate.Dispose();
    }

    private static SqliteConnectionStringBuilder ConnectionTo(string path)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(path);
        return new SqliteConnectionStringBuilder { DataSource = path, Mode = SqliteOpenMode.ReadWriteCreate };
    }

    /// <summary>The rows <paramref name="sql"/> selects, one at a time, on a connection of their own.</summary>
    internal async IAsyncEnumerable<SqliteDataReader> QueryAsync(string sql, [EnumeratorCancellation] CancellationToken cancellationToken, params (string Name, object Value)[] parameters)
    {
        using var connection = await OpenAsync(cancellationToken).ConfigureAwait(false);
        using var query = Command(connection, sql, parameters);
        using var rows = await query.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        while (await rows.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            yield return rows;
        }
    }

    /// <summary>A command on <paramref name="connection"/>, in its transaction if it has one.</summary>
    internal static SqliteCommand Command(SqliteConnection connection, string sql, params (string Name, object Value)[] parameters)
    {
        var command = connection.CreateCommand();
        command.CommandText = sql;
        foreach (var (name, value) in parameters)
        {
            command.Parameters.AddWithValue(name, value);
        }

        return command;
    }

    /// <summary>A connection of its own to the file, its tables created.</summary>
    internal async Task<SqliteConnection> OpenAsync(CancellationToken cancellationToken)
    {
        var connection = new SqliteConnection(_connectionString);
        try
        {
            await connection.OpenAsync(cancellationToken).ConfigureAwait(false);

            // SQLite itself waits out another connection's lock, in short sleeps, up to the command timeout.
            raw.sqlite3_busy_timeout(connection.Handle, connection.DefaultTimeout * 1000);

            // A commit reaches the disk before it returns, so an appended event survives a power cut (whatever the
            // SQLite build's default): the outbox may already have published it.
            SqliteException.ThrowExceptionForRC(raw.sqlite3_exec(connection.Handle, "PRAGMA synchronous = FULL;"), connection.Handle);
            if (!_schemaCreated)
            {
                await CreateSchemaAsync(connection, cancellationToken).ConfigureAwait(false);
            }

            return connection;
        }
        catch
        {
            await connection.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }

    private async Task CreateSchemaAsync(SqliteConnection connection, CancellationToken cancellationToken)
    {
        await _schemaGate.WaitAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            if (_schemaCreated)
            {
                return;
            }

            // WAL is a property of the file: set once, it holds for every connection and process.
            using (var journal = Command(connection, "PRAGMA journal_mode = WAL;"))
            {
                await journal.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
            }

            using var transaction = connection.BeginTransaction(deferred: false);
            using var create = Command(connection, SqliteSchema.Create);
            await create.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
            await UpgradeSchemaAsync(connection, cancellationToken).ConfigureAwait(false);
            await transaction.CommitAsync(cancellationToken).ConfigureAwait(false);
            _schemaCreated = true;
        }
        finally
        {
            _schemaGate.Release();
        }
    }

    /// <summary>Brings a file made by an earlier version up to the current tables, in the transaction that creates them.</summary>
    private async Task UpgradeSchemaAsync(SqliteConnection connection, CancellationToken cancellationToken)
    {
        using (var inboxHasTimes = Command(connection, SqliteSchema.InboxHasTimes))
        {
            if (await inboxHasTimes.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false) is 0L)
            {
                using var addTimes = Command(connection, SqliteSchema.AddInboxTimes(_clock.GetUtcNow().UtcTicks));
                await addTimes.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
            }
        }

        using (var index = Command(connection, SqliteSchema.IndexInboxTimes))
        {
            await index.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
        }

        using (var sagasHaveTimes = Command(connection, SqliteSchema.SagasHaveCompletionTimes))
        {
            if (await sagasHaveTimes.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false) is 0L)
            {
                using var addTimes = Command(connection, SqliteSchema.AddSagaCompletionTimes(_clock.GetUtcNow().UtcTicks));
                await addTimes.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
            }
        }

        using var sagaIndex = Command(connection, SqliteSchema.IndexSagaCompletionTimes);
        await sagaIndex.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);

        using var timeoutsHaveTraces = Command(connection, SqliteSchema.TimeoutsHaveTraces);
        if (await timeoutsHaveTraces.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false) is 0L)
        {
            using var addTraces = Command(connection, SqliteSchema.AddTimeoutTraces);
            await addTraces.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
        }
    }
}
