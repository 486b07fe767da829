using Microsoft.Data.Sqlite;

namespace Cqrs.CrashApp;

/// <summary>Another process writing the store's file: appends one event holding SQLite's write lock until told to commit.</summary>
internal static class ForeignAppend
{
    private const string Append = """
        INSERT INTO events (stream_id, version, event_id, wire_name, payload, correlation_id, causation_id, timestamp_ticks)
        VALUES ($stream, 1, $id, 'test.from-another-process', x'01', $id, $id, 0);
        INSERT INTO outbox (position) VALUES (last_insert_rowid());
        """;

    public static async Task<int> HoldLockAsync(string file, string stream, Guid eventId)
    {
        await using var connection = new SqliteConnection(new SqliteConnectionStringBuilder { DataSource = file, Pooling = false }.ToString());
        await connection.OpenAsync();
        await using var transaction = connection.BeginTransaction(deferred: false);
        await using (var append = connection.CreateCommand())
        {
            append.CommandText = Append;
            append.Parameters.AddWithValue("$stream", stream);
            append.Parameters.AddWithValue("$id", eventId.ToByteArray(bigEndian: true));
            await append.ExecuteNonQueryAsync();
        }

        await Console.Out.WriteLineAsync("locked");
        await Console.In.ReadLineAsync();
        await transaction.CommitAsync();
        return 0;
    }
}
