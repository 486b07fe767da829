using System.Text;
using Cqrs.EventSourcing.Sqlite;
using Microsoft.Data.Sqlite;

namespace Cqrs.EventSourcing.Tests.Stores;

/// <summary>A database file in a directory of its own: opens stores on it, changes it behind their backs, and deletes it all when disposed.</summary>
internal sealed class SqliteTestFile : IDisposable
{
    private readonly string _directory = Directory.CreateTempSubdirectory("cqrs-sqlite-").FullName;
    private readonly List<SqliteDatabase> _databases = [];

    public string Path => System.IO.Path.Combine(_directory, "events.db");

    /// <summary>The stores on a database on the file; without <paramref name="pooling"/>, it shares no pooled connection with the others, like a database in another process.</summary>
    public StoreSet Open(bool pooling = true, TimeProvider? clock = null)
    {
        var database = new SqliteDatabase(new SqliteConnectionStringBuilder { DataSource = Path, Pooling = pooling }, clock);
        lock (_databases)
        {
            _databases.Add(database);
        }

        return StoreSet.Sqlite(database);
    }

    /// <summary>The database the stores of <paramref name="stores"/> share.</summary>
    public static SqliteDatabase DatabaseOf(StoreSet stores) => (SqliteDatabase)stores.Storage;

    /// <summary>Runs <paramref name="sql"/> on a connection of the test's own.</summary>
    public async Task<object?> ExecuteAsync(string sql, params (string Name, object Value)[] parameters)
    {
        await using var connection = await OpenConnectionAsync();
        await using var command = connection.CreateCommand();
        command.CommandText = sql;
        foreach (var (name, value) in parameters)
        {
            command.Parameters.AddWithValue(name, value);
        }

        return await command.ExecuteScalarAsync();
    }

    /// <summary>Takes the file's write lock (<c>BEGIN IMMEDIATE</c>) on a connection of the test's own, as another process would; disposing the connection lets it go.</summary>
    public async Task<SqliteConnection> HoldWriteLockAsync()
    {
        var connection = await OpenConnectionAsync();
        await using var begin = connection.CreateCommand();
        begin.CommandText = "BEGIN IMMEDIATE;";
        await begin.ExecuteNonQueryAsync();
        return connection;
    }

    /// <summary>Events with distinct ids and payloads.</summary>
    public static List<NewEvent> NewEvents(int count) =>
        [.. Enumerable.Range(0, count).Select(index => new NewEvent(
            Guid.CreateVersion7(),
            "test.something-happened",
            Encoding.UTF8.GetBytes($"payload {index}"),
            Guid.NewGuid(),
            Guid.NewGuid()))];

    /// <summary>A connection of the test's own, outside every store's pool.</summary>
    private async Task<SqliteConnection> OpenConnectionAsync()
    {
        var connection = new SqliteConnection(new SqliteConnectionStringBuilder { DataSource = Path, Pooling = false }.ToString());
        await connection.OpenAsync();
        return connection;
    }

    public void Dispose()
    {
        foreach (var database in _databases)
        {
            database.Dispose();
        }

        Directory.Delete(_directory, recursive: true);
    }
}
