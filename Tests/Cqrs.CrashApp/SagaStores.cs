using Cqrs.EventSourcing;

namespace Cqrs.CrashApp;

/// <summary>The store the countdowns are kept in, as the saga modes' last arguments name it.</summary>
internal static class SagaStores
{
    /// <param name="directory">The run's directory, which holds the SQLite file.</param>
    /// <param name="arguments">
    /// None: the SQLite file in <paramref name="directory"/>. A connection string and a table prefix: Azure Table
    /// storage (the test's Azurite), in tables of the test's own.
    /// </param>
    public static Action<EventSourcingBuilder> Of(string directory, string[] arguments) => arguments switch
    {
        [] => store => store.UseSqliteStore(Path.Combine(directory, CrashRuns.StoreFile)),
        [var connectionString, var tablePrefix] => store => store.UseAzureTableStore(connectionString, tablePrefix),
        _ => throw new ArgumentException($"A saga store is named by nothing (SQLite) or a connection string and a table prefix (Azure Tables), not by {arguments.Length} arguments.", nameof(arguments)),
    };
}
