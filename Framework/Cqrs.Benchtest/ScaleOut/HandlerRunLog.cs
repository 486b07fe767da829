using Cqrs.Benchtest.Handlers;
using Microsoft.Data.Sqlite;

namespace Cqrs.Benchtest.ScaleOut;

/// <summary>
/// A consumer process's durable log of handler runs: a SQLite file with one row per run, written before the handler
/// returns, so before its message is settled. A SIGKILL keeps every row written (the commit is in the operating system's
/// cache; only a power cut would need each one synced), and a consumer restarted on the same file appends to it.
/// Thread-safe: runs are written one at a time.
/// </summary>
internal sealed class HandlerRunLog : IHandlerCompletion, IDisposable
{
    private readonly SqliteConnection _connection;
    private readonly SqliteCommand _insert;
    private readonly Lock _writing = new();

    /// <summary>Opens the log at <paramref name="path"/>, creating it if missing.</summary>
    public HandlerRunLog(string path)
    {
        _connection = Open(path);
        using (var schema = _connection.CreateCommand())
        {
            schema.CommandText = """
                PRAGMA journal_mode = WAL;
                PRAGMA synchronous = NORMAL;
                CREATE TABLE IF NOT EXISTS handler_runs (handler TEXT NOT NULL, sequence INTEGER NOT NULL, message_id TEXT NOT NULL);
                """;
            schema.ExecuteNonQuery();
        }

        _insert = _connection.CreateCommand();
        _insert.CommandText = "INSERT INTO handler_runs (handler, sequence, message_id) VALUES ($handler, $sequence, $messageId)";
        _insert.Parameters.Add("$handler", SqliteType.Text);
        _insert.Parameters.Add("$sequence", SqliteType.Integer);
        _insert.Parameters.Add("$messageId", SqliteType.Text);
    }

    public void HandlerFinished(string handler, int sequence, Guid messageId)
    {
        lock (_writing)
        {
            _insert.Parameters["$handler"].Value = handler;
            _insert.Parameters["$sequence"].Value = sequence;
            _insert.Parameters["$messageId"].Value = messageId.ToString("N");
            _insert.ExecuteNonQuery();
        }
    }

    /// <summary>Every run the log at <paramref name="path"/> holds so far; none if it does not exist yet. Readers never wait for its writer.</summary>
    public static IReadOnlyList<HandlerRun> Read(string path)
    {
        if (!File.Exists(path))
        {
            return [];
        }

        using var connection = Open(path);
        using var query = connection.CreateCommand();
        query.CommandText = "SELECT handler, sequence, message_id FROM handler_runs";
        using var reader = query.ExecuteReader();
        List<HandlerRun> runs = [];
        while (reader.Read())
        {
            runs.Add(new HandlerRun(reader.GetString(0), reader.GetInt32(1), Guid.ParseExact(reader.GetString(2), "N")));
        }

        return runs;
    }

    public void Dispose()
    {
        _insert.Dispose();
        _connection.Dispose();
    }

    private static SqliteConnection Open(string path)
    {
        var connection = new SqliteConnection(new SqliteConnectionStringBuilder { DataSource = path, Pooling = false }.ToString());
        connection.Open();
        return connection;
    }
}
