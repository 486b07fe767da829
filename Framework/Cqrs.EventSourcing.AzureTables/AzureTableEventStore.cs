using Azure.Data.Tables;

namespace Cqrs.EventSourcing.AzureTables;

/// <summary>
/// A store in Azure Table Storage. Each stream is one partition of the streams table, holding a head row (the
/// version, checked by ETag), a row per event and a row per unpublished event; an append writes them in one
/// entity-group transaction, so it is all or nothing. Snapshots, the inbox and checkpoints have tables of their
/// own, and so do sagas with their timeouts (see <see cref="SaveSagaAsync"/>). The tables are named from a prefix and
/// created on first use. Thread-safe.
/// </summary>
/// <remarks>
/// Limits of Table Storage show as limits of an append: at most <see cref="MaxEventsPerAppend"/> events, each
/// payload at most <see cref="MaxPayloadBytes"/> and all together at most <see cref="MaxAppendBytes"/>; and as
/// limits of a saga's save: at most <see cref="MaxSagaDataBytes"/> of data and <see cref="MaxTimeoutsPerSave"/> timeouts.
/// Reading the outbox scans the streams table across partitions.
/// </remarks>
public sealed partial class AzureTableEventStore : IEventSourcingStore
{
    /// <summary>The most events one append holds: a transaction has at most 100 rows, and an append writes the head and two rows per event.</summary>
    public const int MaxEventsPerAppend = 49;

    /// <summary>The largest event payload, in bytes: the limit of a binary property.</summary>
    public const int MaxPayloadBytes = 64 * 1024;

    /// <summary>The most payload and wire-name bytes one append holds, which keeps its transaction under the 4 MiB limit.</summary>
    public const int MaxAppendBytes = 2 * 1024 * 1024;

    /// <summary>The longest table prefix: table names have at most 63 characters, and the longest suffix ("Checkpoints") has 11.</summary>
    public const int MaxTablePrefixLength = 52;

    internal const string StreamsTable = "Streams";
    internal const string SnapshotsTable = "Snapshots";
    internal const string InboxTable = "Inbox";
    internal const string CheckpointsTable = "Checkpoints";
    internal const string SagasTable = "Sagas";

    private readonly TimeProvider _clock;
    private readonly LazyTable _streams;
    private readonly LazyTable _snapshots;
    private readonly LazyTable _inbox;
    private readonly LazyTable _checkpoints;
    private readonly LazyTable _sagas;

    /// <summary>Opens the store in the account of <paramref name="connectionString"/>.</summary>
    /// <param name="connectionString">A storage account connection string, such as <c>UseDevelopmentStorage=true</c>.</param>
    /// <param name="tablePrefix">Starts every table name: a letter, then letters and digits; at most <see cref="MaxTablePrefixLength"/> characters.</param>
    /// <param name="clock">The clock that timestamps appended events; the system clock when null.</param>
    /// <exception cref="ArgumentException"><paramref name="tablePrefix"/> cannot start a table name, or the connection string is empty.</exception>
    public AzureTableEventStore(string connectionString, string tablePrefix = "cqrs", TimeProvider? clock = null)
        : this(new TableServiceClient(ThrowIfEmpty(connectionString)), tablePrefix, clock)
    {
    }

    /// <summary>Opens the store in the account of <paramref name="service"/>.</summary>
    /// <param name="service">The storage account's table service.</param>
    /// <param name="tablePrefix">Starts every table name: a letter, then letters and digits; at most <see cref="MaxTablePrefixLength"/> characters.</param>
    /// <param name="clock">The clock that timestamps appended events; the system clock when null.</param>
    /// <exception cref="ArgumentException"><paramref name="tablePrefix"/> cannot start a table name.</exception>
    public AzureTableEventStore(TableServiceClient service, string tablePrefix = "cqrs", TimeProvider? clock = null)
    {
        ArgumentNullException.ThrowIfNull(service);
        ThrowIfInvalidTablePrefix(tablePrefix);
        _clock = clock ?? TimeProvider.System;
        _streams = new LazyTable(service.GetTableClient(tablePrefix + StreamsTable));
        _snapshots = new LazyTable(service.GetTableClient(tablePrefix + SnapshotsTable));
        _inbox = new LazyTable(service.GetTableClient(tablePrefix + InboxTable));
        _checkpoints = new LazyTable(service.GetTableClient(tablePrefix + CheckpointsTable));
        _sagas = new LazyTable(service.GetTableClient(tablePrefix + SagasTable));
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
