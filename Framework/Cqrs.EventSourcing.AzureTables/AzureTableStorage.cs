using Azure.Data.Tables;

namespace Cqrs.EventSourcing.AzureTables;

/// <summary>
/// The tables every Azure Table store shares (<see cref="AzureTableEventStore"/>, <see cref="AzureTableOutboxStore"/>,
/// <see cref="AzureTableSnapshotStore"/>, <see cref="AzureTableInboxStore"/>, <see cref="AzureTableCheckpointStore"/>,
/// <see cref="AzureTableSagaStore"/>): named from a prefix, in one storage account, and created on first use. Streams and
/// their outbox share the streams table, so that an append writes both in one entity-group transaction. Thread-safe.
/// </summary>
public sealed class AzureTableStorage
{
    /// <summary>The longest table prefix: table names have at most 63 characters, and the longest suffix ("Checkpoints") has 11.</summary>
    public const int MaxTablePrefixLength = 52;

    internal const string StreamsTable = "Streams";
    internal const string SnapshotsTable = "Snapshots";
    internal const string InboxTable = "Inbox";
    internal const string CheckpointsTable = "Checkpoints";
    internal const string SagasTable = "Sagas";

    /// <summary>The tables in the account of <paramref name="connectionString"/>.</summary>
    /// <param name="connectionString">A storage account connection string, such as <c>UseDevelopmentStorage=true</c>.</param>
    /// <param name="tablePrefix">Starts every table name: a letter, then letters and digits; at most <see cref="MaxTablePrefixLength"/> characters.</param>
    /// <param name="clock">The clock that timestamps appended events, dead letters and completed sagas; the system clock when null.</param>
    /// <exception cref="ArgumentException"><paramref name="tablePrefix"/> cannot start a table name, or the connection string is empty.</exception>
    public AzureTableStorage(string connectionString, string tablePrefix = "cqrs", TimeProvider? clock = null)
        : this(new TableServiceClient(ThrowIfEmpty(connectionString)), tablePrefix, clock)
    {
    }

    /// <summary>The tables in the account of <paramref name="service"/>.</summary>
    /// <param name="service">The storage account's table service.</param>
    /// <param name="tablePrefix">Starts every table name: a letter, then letters and digits; at most <see cref="MaxTablePrefixLength"/> characters.</param>
    /// <param name="clock">The clock that timestamps appended events, dead letters and completed sagas; the system clock when null.</param>
    /// <exception cref="ArgumentException"><paramref name="tablePrefix"/> cannot start a table name.</exception>
    public AzureTableStorage(TableServiceClient service, string tablePrefix = "cqrs", TimeProvider? clock = null)
    {
        ArgumentNullException.ThrowIfNull(service);
        ThrowIfInvalidTablePrefix(tablePrefix);
        Clock = clock ?? TimeProvider.System;
        Streams = new LazyTable(service.GetTableClient(tablePrefix + StreamsTable));
        Snapshots = new LazyTable(service.GetTableClient(tablePrefix + SnapshotsTable));
        Inbox = new LazyTable(service.GetTableClient(tablePrefix + InboxTable));
        Checkpoints = new LazyTable(service.GetTableClient(tablePrefix + CheckpointsTable));
        Sagas = new LazyTable(service.GetTableClient(tablePrefix + SagasTable));
    }

    internal TimeProvider Clock { get; }

    /// <summary>Each stream's partition: its head, events, outbox rows and dead letters.</summary>
    internal LazyTable Streams { get; }

    internal LazyTable Snapshots { get; }

    internal LazyTable Inbox { get; }

    internal LazyTable Checkpoints { get; }

    internal LazyTable Sagas { get; }

    /// <summary>A handler or projection name as a key: escaped, since names may hold characters keys forbid.</summary>
    internal static string NameKey(string name)
    {
        ArgumentNullException.ThrowIfNull(name);
        return Uri.EscapeDataString(name);
    }

    /// <exception cref="ArgumentException"><paramref name="tablePrefix"/> cannot start a table name.</exception>
    internal static void ThrowIfInvalidTablePrefix(string tablePrefix)
    {
        ArgumentException.ThrowIfNullOrEmpty(tablePrefix);
        if (tablePrefix.Length > MaxTablePrefixLength || !char.IsAsciiLetter(tablePrefix[0]) || !tablePrefix.All(char.IsAsciiLetterOrDigit))
        {
            throw new ArgumentException(
                $"Table prefix '{tablePrefix}' must be an ASCII letter followed by letters and digits, at most {MaxTablePrefixLength} characters.", nameof(tablePrefix));
        }
    }

    private static string ThrowIfEmpty(string connectionString)
    {
        ArgumentException.ThrowIfNullOrEmpty(connectionString);
        return connectionString;
    }
}
