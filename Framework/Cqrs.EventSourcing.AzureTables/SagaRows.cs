using System.Globalization;
using System.Text;
using Azure.Data.Tables;

namespace Cqrs.EventSourcing.AzureTables;

/// <summary>
/// The rows of the sagas table. Each saga belongs to one of <see cref="Shards"/> partitions, chosen by a stable hash of
/// its type and id, and every row about it lives there: its own row, a row per timeout, and the index rows that let
/// the due timeouts, the sagas holding pending messages and the completed sagas be found by a range query within each
/// partition. Keys (types and ids escaped, so they hold none of the characters keys forbid nor the separator '|'):
/// <list type="bullet">
/// <item><c>s|type|id</c>: the saga (version, flags, completion time, data split over binary properties).</item>
/// <item><c>d|due ticks|timeout id</c>: a timeout, by due time: what the scheduler reads.</item>
/// <item><c>t|type|id|timeout id</c>: a timeout by saga, holding the key of its due row, so a purge finds a saga's timeouts.</item>
/// <item><c>p|type|id</c>: present while the saga holds pending messages.</item>
/// <item><c>c|completion ticks|type|id</c>: present while the saga is completed and holds no pending messages: what the purge reads.</item>
/// </list>
/// </summary>
/// <remarks>
/// Why shards: Table Storage has no secondary indexes, and a transaction spans one partition. An index row kept in
/// another partition (a time bucket, say) cannot change with the saga row in one transaction, so it would need writes
/// in a careful order and a repair of orphans that rests on timing. Keeping each index row in the partition of the
/// saga it indexes makes every save (saga row, timeouts and index rows) one entity-group transaction, all or nothing,
/// while a reader still finds what it wants with one range query per shard and never scans the table. The price: a
/// shard's sagas share one partition's throughput (about 2,000 entities a second), and the shard count is part of the
/// stored layout: changing it would strand the sagas already stored.
/// </remarks>
internal static class SagaRows
{
    /// <summary>How many partitions the sagas are spread over.</summary>
    public const int Shards = 16;

    /// <summary>The longest escaped type and id together, so that the longest key (a timeout-by-saga row) stays within 512 characters, which is 1 KiB of UTF-16.</summary>
    public const int MaxEscapedKeyLength = 512 - 40;

    /// <summary>The most binary properties a saga's data is split over: 15 × 64 KiB leaves room in the 1 MiB entity for the rest.</summary>
    public const int MaxDataParts = 15;

    public const string SagaTypeProperty = "SagaType";
    public const string SagaIdProperty = "SagaId";
    public const string VersionProperty = "Version";
    public const string CompletedProperty = "Completed";
    public const string HasPendingProperty = "HasPending";
    public const string CompletedTicksProperty = "CompletedTicks";
    public const string DataPartsProperty = "DataParts";
    public const string DueKeyProperty = "DueKey";
    public const string TimeoutIdProperty = "TimeoutId";
    public const string DueTicksProperty = "DueTicks";

    private const string SagaPrefix = "s|";
    private const string DuePrefix = "d|";
    private const string TimeoutPrefix = "t|";
    private const string PendingPrefix = "p|";
    private const string CompletedPrefix = "c|";
    private const string DataProperty = "Data";
    private const string WireNameProperty = "WireName";
    private const string BodyProperty = "Body";
    private const string CorrelationIdProperty = "CorrelationId";
    private const string CausationIdProperty = "CausationId";
    private const string TraceParentProperty = "TraceParent";

    /// <summary>Every partition of the sagas table.</summary>
    public static IReadOnlyList<string> Partitions { get; } = [.. Enumerable.Range(0, Shards).Select(shard => "s" + shard.ToString("D2", CultureInfo.InvariantCulture))];

    /// <summary>The partition of a saga: FNV-1a of its type and id in UTF-8, which no process or runtime version changes.</summary>
    public static string PartitionOf(string sagaType, string sagaId)
    {
        var hash = 2166136261u;
        foreach (var value in Encoding.UTF8.GetBytes(sagaType + "\n" + sagaId))
        {
            hash = (hash ^ value) * 16777619u;
        }

        return Partitions[(int)(hash % Shards)];
    }

    /// <exception cref="ArgumentException">The type or id is empty, or too long to be a key once escaped.</exception>
    public static void ThrowIfInvalid(string sagaType, string sagaId)
    {
        ArgumentException.ThrowIfNullOrEmpty(sagaType);
        ArgumentException.ThrowIfNullOrEmpty(sagaId);
        var length = Escape(sagaType).Length + Escape(sagaId).Length;
        if (length > MaxEscapedKeyLength)
        {
            throw new ArgumentException(
                $"Saga {sagaType} '{sagaId}' cannot be kept in Azure Table Storage: its type and id take {length} characters escaped, and table keys hold at most {MaxEscapedKeyLength} here (1 KiB a key).",
                nameof(sagaId));
        }
    }

    public static string SagaKey(string sagaType, string sagaId) => SagaPrefix + Escape(sagaType) + "|" + Escape(sagaId);

    public static string PendingKey(string sagaType, string sagaId) => PendingPrefix + Escape(sagaType) + "|" + Escape(sagaId);

    public static string CompletedKey(long completedTicks, string sagaType, string sagaId) =>
        CompletedPrefix + Ticks(completedTicks) + "|" + Escape(sagaType) + "|" + Escape(sagaId);

    public static string DueKey(DateTimeOffset dueAt, Guid timeoutId) => DuePrefix + Ticks(dueAt.UtcTicks) + "|" + timeoutId.ToString("N");

    public static string TimeoutKey(string sagaType, string sagaId, Guid timeoutId) => TimeoutsOfSagaPrefix(sagaType, sagaId) + timeoutId.ToString("N");

    /// <summary>The due rows of <paramref name="partition"/> due at or before <paramref name="dueBy"/>.</summary>
    public static string DueByFilter(string partition, DateTimeOffset dueBy) =>
        TableClient.CreateQueryFilter($"PartitionKey eq {partition} and RowKey ge {DuePrefix} and RowKey lt {DuePrefix + Ticks(dueBy.UtcTicks) + "}"}");

    /// <summary>The due rows of <paramref name="partition"/> due after <paramref name="after"/>.</summary>
    public static string DueAfterFilter(string partition, DateTimeOffset after) =>
        TableClient.CreateQueryFilter($"PartitionKey eq {partition} and RowKey ge {DuePrefix + Ticks(after.UtcTicks) + "}"} and RowKey lt {"d}"}");

    /// <summary>The due row of timeout <paramref name="timeoutId"/> in <paramref name="partition"/>: a filter over that partition's due rows.</summary>
    public static string DueRowOfFilter(string partition, Guid timeoutId) =>
        TableClient.CreateQueryFilter($"PartitionKey eq {partition} and RowKey ge {DuePrefix} and RowKey lt {"d}"} and TimeoutId eq {timeoutId}");

    /// <summary>The pending-index rows of <paramref name="partition"/>.</summary>
    public static string PendingFilter(string partition) =>
        TableClient.CreateQueryFilter($"PartitionKey eq {partition} and RowKey ge {PendingPrefix} and RowKey lt {"p}"}");

    /// <summary>The completed-index rows of <paramref name="partition"/> of sagas completed before <paramref name="completedBefore"/>.</summary>
    public static string CompletedBeforeFilter(string partition, DateTimeOffset completedBefore) =>
        TableClient.CreateQueryFilter($"PartitionKey eq {partition} and RowKey ge {CompletedPrefix} and RowKey lt {CompletedPrefix + Ticks(completedBefore.UtcTicks) + "|"}");

    /// <summary>The timeout-by-saga rows of one saga.</summary>
    public static string TimeoutsOfSagaFilter(string sagaType, string sagaId)
    {
        var prefix = TimeoutsOfSagaPrefix(sagaType, sagaId);
        return TableClient.CreateQueryFilter($"PartitionKey eq {PartitionOf(sagaType, sagaId)} and RowKey ge {prefix} and RowKey lt {prefix[..^1] + "}"}");
    }

    /// <summary>The saga row of <paramref name="record"/>, its data split over binary properties of at most <paramref name="partBytes"/> each.</summary>
    public static TableEntity Saga(SagaRecord record, long? completedTicks, int partBytes)
    {
        var row = new TableEntity(PartitionOf(record.SagaType, record.SagaId), SagaKey(record.SagaType, record.SagaId))
        {
            [SagaTypeProperty] = record.SagaType,
            [SagaIdProperty] = record.SagaId,
            [VersionProperty] = record.Version,
            [CompletedProperty] = record.Completed,
            [HasPendingProperty] = record.HasPending,
        };
        if (completedTicks is { } ticks)
        {
            row[CompletedTicksProperty] = ticks;
        }

        var parts = 0;
        for (var offset = 0; offset < record.Data.Length || parts == 0; offset += partBytes)
        {
            row[DataProperty + parts.ToString(CultureInfo.InvariantCulture)] = record.Data.Slice(offset, Math.Min(partBytes, record.Data.Length - offset)).ToArray();
            parts++;
        }

        row[DataPartsProperty] = parts;
        return row;
    }

    /// <exception cref="StoredDataException">A property is missing or of another type.</exception>
    public static SagaRecord ToSagaRecord(TableEntity row)
    {
        var sagaType = row.TryGet<string>(SagaTypeProperty, out var type) ? type : "?";
        var sagaId = row.TryGet<string>(SagaIdProperty, out var id) ? id : row.RowKey;
        var position = new StreamPosition($"{sagaType}-{sagaId}", row.TryGet<long>(VersionProperty, out var known) ? known : 0);
        var parts = Required<int>(row, DataPartsProperty, position);
        var chunks = new byte[parts][];
        for (var part = 0; part < parts; part++)
        {
            chunks[part] = Required<byte[]>(row, DataProperty + part.ToString(CultureInfo.InvariantCulture), position);
        }

        return new SagaRecord(
            Required<string>(row, SagaTypeProperty, position),
            Required<string>(row, SagaIdProperty, position),
            Required<long>(row, VersionProperty, position),
            chunks.Length == 1 ? chunks[0] : chunks.SelectMany(chunk => chunk).ToArray(),
            Required<bool>(row, CompletedProperty, position),
            Required<bool>(row, HasPendingProperty, position))
        {
            CompletedAt = row.TryGet<long>(CompletedTicksProperty, out var ticks) ? new DateTimeOffset(ticks, TimeSpan.Zero) : null,
        };
    }

    /// <summary>An index row (pending or completed) naming its saga.</summary>
    public static TableEntity Index(string partition, string rowKey, string sagaType, string sagaId) =>
        new(partition, rowKey) { [SagaTypeProperty] = sagaType, [SagaIdProperty] = sagaId };

    /// <summary>The due row of a timeout: the whole timeout.</summary>
    public static TableEntity Due(SagaTimeoutRecord timeout) =>
        new(PartitionOf(timeout.SagaType, timeout.SagaId), DueKey(timeout.DueAt, timeout.TimeoutId))
        {
            [TimeoutIdProperty] = timeout.TimeoutId,
            [SagaTypeProperty] = timeout.SagaType,
            [SagaIdProperty] = timeout.SagaId,
            [DueTicksProperty] = timeout.DueAt.UtcTicks,
            [WireNameProperty] = timeout.WireName,
            [BodyProperty] = timeout.Body.ToArray(),
            [CorrelationIdProperty] = timeout.CorrelationId,
            [CausationIdProperty] = timeout.CausationId,
            [TraceParentProperty] = timeout.TraceParent,
        };

    /// <summary>The timeout-by-saga row of a timeout, pointing at its due row.</summary>
    public static TableEntity TimeoutOfSaga(SagaTimeoutRecord timeout) =>
        new(PartitionOf(timeout.SagaType, timeout.SagaId), TimeoutKey(timeout.SagaType, timeout.SagaId, timeout.TimeoutId))
        {
            [DueKeyProperty] = DueKey(timeout.DueAt, timeout.TimeoutId),
        };

    /// <exception cref="StoredDataException">A property is missing or of another type.</exception>
    public static SagaTimeoutRecord ToTimeout(TableEntity row)
    {
        var position = new StreamPosition($"{row.PartitionKey}/{row.RowKey}", 0);
        return new SagaTimeoutRecord(
            Required<Guid>(row, TimeoutIdProperty, position),
            Required<string>(row, SagaTypeProperty, position),
            Required<string>(row, SagaIdProperty, position),
            new DateTimeOffset(Required<long>(row, DueTicksProperty, position), TimeSpan.Zero),
            Required<string>(row, WireNameProperty, position),
            Required<byte[]>(row, BodyProperty, position),
            Required<Guid>(row, CorrelationIdProperty, position),
            Required<Guid>(row, CausationIdProperty, position))
        {
            TraceParent = row.GetString(TraceParentProperty),
        };
    }

    /// <summary>The saga an index row, a due row or a timeout-by-saga row names.</summary>
    /// <exception cref="StoredDataException">The row names none.</exception>
    public static (string SagaType, string SagaId) SagaOf(TableEntity row)
    {
        var position = new StreamPosition($"{row.PartitionKey}/{row.RowKey}", 0);
        return (Required<string>(row, SagaTypeProperty, position), Required<string>(row, SagaIdProperty, position));
    }

    /// <summary>The key of a due row, as its timeout-by-saga row holds it.</summary>
    /// <exception cref="StoredDataException">The row holds none.</exception>
    public static string DueKeyOf(TableEntity timeoutOfSaga) =>
        Required<string>(timeoutOfSaga, DueKeyProperty, new StreamPosition($"{timeoutOfSaga.PartitionKey}/{timeoutOfSaga.RowKey}", 0));

    /// <summary>The completed-index key of a saga in this state; null unless it is completed and holds nothing pending (the only sagas a purge takes).</summary>
    public static string? CompletedKeyOf(string sagaType, string sagaId, bool completed, bool hasPending, long? completedTicks) =>
        completed && !hasPending && completedTicks is { } ticks ? CompletedKey(ticks, sagaType, sagaId) : null;

    private static string TimeoutsOfSagaPrefix(string sagaType, string sagaId) => TimeoutPrefix + Escape(sagaType) + "|" + Escape(sagaId) + "|";

    /// <summary>Ticks in 19 digits, so that keys sort as times do.</summary>
    private static string Ticks(long ticks) => ticks.ToString("D19", CultureInfo.InvariantCulture);

    /// <summary>
    /// A type or id as part of a key: percent-escaped, so it holds neither the characters keys forbid (/ \ # ? and
    /// control characters) nor '|'. Keys with '%' are only used in queries and transactions (see <see cref="TableClientExtensions"/>).
    /// </summary>
    private static string Escape(string value) => Uri.EscapeDataString(value);

    private static T Required<T>(TableEntity row, string property, StreamPosition position) =>
        row.TryGet<T>(property, out var value)
            ? value
            : throw new StoredDataException(position, $"the saga table's row {row.RowKey} has no {property} of type {typeof(T).Name}.");
}
