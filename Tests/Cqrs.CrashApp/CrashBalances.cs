using Cqrs.EventSourcing;
using Cqrs.EventSourcing.Sqlite;
using Microsoft.Data.Sqlite;
using Sample.Domain.Accounts;

namespace Cqrs.CrashApp;

/// <summary>
/// The durable projection: each account's balance (in cents) and event count, in the store's file. Deliberately not
/// idempotent (it adds): applied twice, it shows.
/// </summary>
public sealed class CrashBalances : ISqliteProjection
{
    public const string Table = "crash_balances";

    private const string CreateTable = $"CREATE TABLE IF NOT EXISTS {Table} (account TEXT PRIMARY KEY, cents INTEGER NOT NULL, events INTEGER NOT NULL);";

    public string Name => "crash.balances";

    public async Task ApplyAsync(IEvent @event, StreamPosition position, SqliteConnection connection)
    {
        var (account, amount) = @event switch
        {
            AccountOpened opened => (opened.AccountId, 0m),
            MoneyDeposited deposited => (deposited.AccountId, deposited.Amount),
            _ => (null, 0m),
        };
        if (account is not null)
        {
            await using var add = connection.CreateCommand();
            add.CommandText = $"""
                {CreateTable}
                INSERT INTO {Table} (account, cents, events) VALUES ($account, $cents, 1)
                ON CONFLICT (account) DO UPDATE SET cents = cents + excluded.cents, events = events + 1;
                """;
            add.Parameters.AddWithValue("$account", account);
            add.Parameters.AddWithValue("$cents", (long)(amount * 100));
            await add.ExecuteNonQueryAsync();
        }
    }

    public async Task ResetAsync(SqliteConnection connection)
    {
        await using var reset = connection.CreateCommand();
        reset.CommandText = $"{CreateTable} DELETE FROM {Table};";
        await reset.ExecuteNonQueryAsync();
    }
}
