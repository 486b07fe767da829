using System.Diagnostics;
using Cqrs.Benchtest.Handlers;
using Microsoft.Data.Sqlite;

namespace Cqrs.Benchtest.ScaleOut;

/// <summary>
/// A consumer process's durable log of handler runs: a SQLite file with one row per run, written before the handler
/// returns, so before its message is settled, with the run's ordering key and when it was written (a
/// <see cref="Stopwatch"/> timestamp: the machine's monotonic clock, which every consumer process reads alike, so the
/// runs of all the logs fall in one order); and, for handlers working through the inbox, one row per effect and one
/// per inbox record, each with the <see cref="LoggedEffect.Incarnation"/> that wrote it. A SIGKILL keeps every row
/// written (the commit is in the operating system's cache; only a power cut would need each one synced), and a consumer
/// restarted on the same file appends to it. Thread-safe: rows are written one at a time.
/// </summary>
internal sealed class HandlerRunLog : IHandlerCompletion, IEffectLog, IDisposable
{
    private const string Effects = "effects";
    private const string Records = "inbox_records";

    private readonly SqliteConnection _connection;
    private readonly SqliteCommand _insertRun;
    private readonly SqliteCommand _insertEffect;
    private readonly SqliteCommand _insertRecord;
    private readonly Lock _writing = new();

    /// <summary>Opens the log at <paramref name="path"/>, creating it if missing, for the consumer process <paramref name="incarnation"/>.</summary>
    public HandlerRunLog(string path, int incarnation)
    {
        _connection = Open(path);
        using (var schema = _connection.CreateCommand())
        {
            schema.CommandText = $"""
                PRAGMA journal_mode = WAL;
                PRAGMA synchronous = NORMAL;
                CREATE TABLE IF NOT EXISTS handler_runs (handler TEXT NOT NULL, sequence INTEGER NOT NULL, message_id TEXT NOT NULL, lane INTEGER, at INTEGER NOT NULL);
                CREATE TABLE IF NOT EXISTS {Effects} (handler TEXT NOT NULL, sequence INTEGER NOT NULL, message_id TEXT NOT NULL, incarnation INTEGER NOT NULL, at INTEGER NOT NULL);
                CREATE TABLE IF NOT EXISTS {Records} (handler TEXT NOT NULL, sequence INTEGER NOT NULL, message_id TEXT NOT NULL, incarnation INTEGER NOT NULL, at INTEGER NOT NULL);
                """;
            schema.ExecuteNonQuery();
        }

        _insertRun = Insert("handler_runs (handler, sequence, message_id, lane, at) VALUES ($handler, $sequence, $messageId, $lane, $at)");
        _insertRun.Parameters.Add("$lane", SqliteType.Integer);
        _insertRun.Parameters.Add("$at", SqliteType.Integer);
        _insertEffect = Insert($"{Effects} (handler, sequence, message_id, incarnation, at) VALUES ($handler, $sequence, $messageId, $incarnation, $at)", incarnation);
        _insertRecord = Insert($"{Records} (handler, sequence, message_id, incarnation, at) VALUES ($handler, $sequence, $messageId, $incarnation, $at)", incarnation);
    }

    public void HandlerFinished(string handler, int sequence, Guid messageId) => WriteRun(handler, sequence, messageId, DBNull.Value);

    public void HandlerFinished(string handler, int sequence, Guid messageId, int lane) => WriteRun(handler, sequence, messageId, lane);

    public void EffectDone(string handler, int sequence, Guid messageId, long checkedAt) => Write(_insertEffect, handler, sequence, messageId, checkedAt);

    public void RecordDone(string handler, int sequence, Guid messageId, long recordedAt) => Write(_insertRecord, handler, sequence, messageId, recordedAt);

    /// <summary>Every run the log at <paramref name="path"/> holds so far; none if it does not exist yet. Readers never wait for its writer.</summary>
    public static IReadOnlyList<HandlerRun> Read(string path)
    {
        if (!File.Exists(path))
        {
            return [];
        }

        using var connection = Open(path);
        using var query = connection.CreateCommand();
        query.CommandText = "SELECT handler, sequence, message_id, lane, at FROM handler_runs";
        using var reader = query.ExecuteReader();
        List<HandlerRun> runs = [];
        while (reader.Read())
        {
            runs.Add(new HandlerRun(
                reader.GetString(0), reader.GetInt32(1), Guid.ParseExact(reader.GetString(2), "N"), reader.IsDBNull(3) ? null : reader.GetInt32(3), reader.GetInt64(4)));
        }

        return runs;
    }

    /// <summary>Every effect the log at <paramref name="path"/> holds so far; none if it does not exist yet.</summary>
    public static IReadOnlyList<LoggedEffect> ReadEffects(string path) => ReadIncarnations(path, Effects);

    /// <summary>Every inbox record the log at <paramref name="path"/> holds so far; none if it does not exist yet.</summary>
    public static IReadOnlyList<LoggedEffect> ReadRecords(string path) => ReadIncarnations(path, Records);

    public void Dispose()
    {
        _insertRun.Dispose();
        _insertEffect.Dispose();
        _insertRecord.Dispose();
        _connection.Dispose();
    }

    private static List<LoggedEffect> ReadIncarnations(string path, string table)
    {
        if (!File.Exists(path))
        {
            return [];
        }

        using var connection = Open(path);
        using var query = connection.CreateCommand();
        query.CommandText = $"SELECT handler, sequence, message_id, incarnation, at FROM {table}";
        using var reader = query.ExecuteReader();
        List<LoggedEffect> rows = [];
        while (reader.Read())
        {
            rows.Add(new LoggedEffect(reader.GetString(0), reader.GetInt32(1), Guid.ParseExact(reader.GetString(2), "N"), reader.GetInt32(3), reader.GetInt64(4)));
        }

        return rows;
    }

    private SqliteCommand Insert(string into, int? incarnation = null)
    {
        var insert = _connection.CreateCommand();
        insert.CommandText = $"INSERT INTO {into}";
        insert.Parameters.Add("$handler", SqliteType.Text);
        insert.Parameters.Add("$sequence", SqliteType.Integer);
        insert.Parameters.Add("$messageId", SqliteType.Text);
        if (incarnation is { } value)
        {
            insert.Parameters.AddWithValue("$incarnation", value);
            insert.Parameters.Add("$at", SqliteType.Integer);
        }

        return insert;
    }

    private void WriteRun(string handler, int sequence, Guid messageId, object lane)
    {
        lock (_writing)
        {
            // Read under the lock, so that this process's rows are in the order of their timestamps.
            _insertRun.Parameters["$lane"].Value = lane;
            Write(_insertRun, handler, sequence, messageId, Stopwatch.GetTimestamp());
        }
    }

    private void Write(SqliteCommand insert, string handler, int sequence, Guid messageId, long? at = null)
    {
        lock (_writing)
        {
            insert.Parameters["$handler"].Value = handler;
            insert.Parameters["$sequence"].Value = sequence;
            insert.Parameters["$messageId"].Value = messageId.ToString("N");
            if (at is { } timestamp)
            {
                insert.Parameters["$at"].Value = timestamp;
            }

            insert.ExecuteNonQuery();
        }
    }

    private static SqliteConnection Open(string path)
    {
        var connection = new SqliteConnection(new SqliteConnectionStringBuilder { DataSource = path, Pooling = false }.ToString());
        connection.Open();
        return connection;
    }
}
