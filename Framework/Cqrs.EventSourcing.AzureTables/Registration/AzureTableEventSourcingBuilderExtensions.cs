using Cqrs.EventSourcing.AzureTables;

namespace Cqrs.EventSourcing;

/// <summary>Chooses Azure Table Storage as the event sourcing store.</summary>
public static class AzureTableEventSourcingBuilderExtensions
{
    /// <summary>
    /// Keeps everything in Azure Table Storage (see <see cref="AzureTableEventStore"/>): streams, outbox, snapshots,
    /// inbox, checkpoints, and sagas with their timeouts (the store is the <see cref="ISagaStore"/> the saga runtime
    /// uses); the tables are created on first use.
    /// </summary>
    /// <param name="builder">The builder returned by <c>AddEventSourcing</c>.</param>
    /// <param name="connectionString">A storage account connection string, such as <c>UseDevelopmentStorage=true</c>.</param>
    /// <param name="tablePrefix">Starts every table name: a letter, then letters and digits.</param>
    /// <exception cref="ArgumentException">The connection string is empty, or <paramref name="tablePrefix"/> cannot start a table name.</exception>
    public static EventSourcingBuilder UseAzureTableStore(this EventSourcingBuilder builder, string connectionString, string tablePrefix = "cqrs")
    {
        ArgumentNullException.ThrowIfNull(builder);
        ArgumentException.ThrowIfNullOrEmpty(connectionString);
        AzureTableEventStore.ThrowIfInvalidTablePrefix(tablePrefix);
        return builder.UseStore(_ => new AzureTableEventStore(connectionString, tablePrefix));
    }
}
