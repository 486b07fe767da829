using Cqrs.EventSourcing.Sqlite;
using Microsoft.Data.Sqlite;
using Sample.Domain.Accounts;

namespace Cqrs.EventSourcing.Tests.Support;

/// <summary>The accounts' balances as a table in the SQLite store's file: a projection the store applies with its checkpoint.</summary>
internal sealed class SqliteBalances : ISqliteProjection
{
    public string Name => "tests.sqlite-balances";

    public async Task ApplyAsync(IEvent @event, StreamPosition position, SqliteConnection connection)
    {
        var (account, amount) = @event switch
        {
            AccountOpened opened => (opened.AccountId, 0m),
            MoneyDeposited deposited => (deposited.AccountId, deposited.Amount),
            MoneyWithdrawn withdrawn => (withdrawn.AccountId, -withdrawn.Amount),
            _ => (null, 0m),
        };
        if (account is not null)
        {
            await ExecuteAsync(
                connection,
                "INSERT INTO test_balances (account, cents) VALUES ($account, $cents) ON CONFLICT (account) DO UPDATE SET cents = cents + excluded.cents;",
                ("$account", account),
                ("$cents", (long)(amount * 100)));
        }
    }

    public async Task ResetAsync(SqliteConnection connection)
    {
        await ExecuteAsync(connection, "CREATE TABLE IF NOT EXISTS test_balances (account TEXT PRIMARY KEY, cents INTEGER NOT NULL);");
        await ExecuteAsync(connection, "DELETE FROM test_balances;");
    }

    private static async Task ExecuteAsync(SqliteConnection connection, string sql, params (string Name, object Value)[] parameters)
    {
        await using var command = connection.CreateCommand();
        command.CommandText = sql;
        foreach (var (name, value) in parameters)
        {
            command.Parameters.AddWithValue(name, value);
        }

        await command.ExecuteNonQueryAsync();
    }
}
