using System.Globalization;
using Azure.Data.Tables;

namespace Cqrs.EventSourcing.AzureTables;

/// <summary>
/// The rows of a stream's partition in the streams table: the head (key "head", holding the version), an
/// event row per event (key "e-" and the version in 19 digits, so that keys sort as versions do), an
/// outbox row per unpublished event (key "o-" and the version) and a dead-letter row per outbox entry set aside
/// (key "d-" and the version, holding the reason).
/// </summary>
internal static class StreamRows
{
    public const string HeadKey = "head";

    /// <summary>Every event row of every stream.</summary>
    public const string AllEventsFilter = $"RowKey ge '{EventPrefix}' and RowKey lt '{EventPrefixEnd}'";

    /// <summary>Every outbox row of every stream.</summary>
    public const string AllOutboxFilter = $"RowKey ge '{OutboxPrefix}' and RowKey lt '{OutboxPrefixEnd}'";

    /// <summary>Every dead-letter row of every stream.</summary>
    public const string AllDeadLettersFilter = $"RowKey ge '{DeadLetterPrefix}' and RowKey lt '{DeadLetterPrefixEnd}'";

    private const string EventPrefix = "e-";
    private const string EventPrefixEnd = "e.";
    private const string OutboxPrefix = "o-";
    private const string OutboxPrefixEnd = "o.";
    private const string DeadLetterPrefix = "d-";
    private const string DeadLetterPrefixEnd = "d.";
    private const string ReasonProperty = "Reason";
    private const string DeadLetteredAtProperty = "DeadLetteredAt";
    private const string VersionProperty = "Version";
    private const string EventIdProperty = "EventId";
    private const string WireNameProperty = "WireName";
    private const string PayloadProperty = "Payload";
    private const string CorrelationIdProperty = "CorrelationId";
    private const string CausationIdProperty = "CausationId";
    private const string AppendedAtProperty = "AppendedAt";

    public static string EventKey(long version) => EventPrefix + version.ToString("D19", CultureInfo.InvariantCulture);

    public static string OutboxKey(long version) => OutboxPrefix + version.ToString("D19", CultureInfo.InvariantCulture);

    /// <summary>The dead-letter row of the outbox entry at <paramref name="position"/>.</summary>
    public static TableEntity DeadLetter(StreamPosition position, string reason, DateTimeOffset deadLetteredAt) =>
        new(position.StreamId, DeadLetterPrefix + position.Version.ToString("D19", CultureInfo.InvariantCulture))
        {
            [ReasonProperty] = reason,
            [DeadLetteredAtProperty] = deadLetteredAt,
        };

    /// <exception cref="StoredDataException">A property is missing or of another type.</exception>
    public static OutboxDeadLetter ToDeadLetter(TableEntity row)
    {
        var position = new StreamPosition(row.PartitionKey, VersionOf(row.RowKey));
        return new OutboxDeadLetter(position, Required<string>(row, ReasonProperty, position), Required<DateTimeOffset>(row, DeadLetteredAtProperty, position));
    }

    /// <summary>The version in an event, outbox or dead-letter row's key (the prefixes have two characters).</summary>
    public static long VersionOf(string rowKey) => long.Parse(rowKey.AsSpan(EventPrefix.Length), CultureInfo.InvariantCulture);

    /// <summary>The event rows of <paramref name="streamId"/> from <paramref name="fromVersion"/> to <paramref name="toVersion"/>.</summary>
    public static string EventsFilter(string streamId, long fromVersion, long toVersion = long.MaxValue) =>
        TableClient.CreateQueryFilter($"PartitionKey eq {streamId} and RowKey ge {EventKey(Math.Max(1, fromVersion))} and RowKey le {EventKey(toVersion)}");

    /// <summary>The head row's version and ETag; version 0 and no ETag when the stream does not exist.</summary>
    public static StreamHead ReadHead(string streamId, TableEntity? head) =>
        head is null ? StreamHead.None
        : head.TryGet<long>(VersionProperty, out var version) ? new StreamHead(version, head.ETag)
        : throw new StoredDataException(new StreamPosition(streamId, 0), $"the stream's head row has no {VersionProperty} of type Int64.");

    /// <summary>The transaction that appends <paramref name="events"/> after <paramref name="head"/>: head, event and outbox rows.</summary>
    public static List<TableTransactionAction> Append(string streamId, StreamHead head, IReadOnlyList<NewEvent> events, DateTimeOffset appendedAt)
    {
        var newHead = new TableEntity(streamId, HeadKey) { [VersionProperty] = head.Version + events.Count };
        var actions = new List<TableTransactionAction>(1 + (2 * events.Count))
        {
            head.ETag is { } etag
                ? new TableTransactionAction(TableTransactionActionType.UpdateReplace, newHead, etag)
                : new TableTransactionAction(TableTransactionActionType.Add, newHead),
        };
        var version = head.Version;
        foreach (var added in events)
        {
            version++;
            actions.Add(new TableTransactionAction(TableTransactionActionType.Add, new TableEntity(streamId, EventKey(version))
            {
                [EventIdProperty] = added.EventId,
                [WireNameProperty] = added.WireName,
                [PayloadProperty] = added.Payload.ToArray(),
                [CorrelationIdProperty] = added.CorrelationId,
                [CausationIdProperty] = added.CausationId,
                [AppendedAtProperty] = appendedAt,
            }));
            actions.Add(new TableTransactionAction(TableTransactionActionType.Add, new TableEntity(streamId, OutboxKey(version))));
        }

        return actions;
    }

    /// <exception cref="StoredDataException">A property is missing or of another type.</exception>
    public static StoredEvent ToStoredEvent(TableEntity row)
    {
        var position = new StreamPosition(row.PartitionKey, VersionOf(row.RowKey));
        return new StoredEvent(
            position.StreamId,
            position.Version,
            Required<Guid>(row, EventIdProperty, position),
            Required<string>(row, WireNameProperty, position),
            Required<byte[]>(row, PayloadProperty, position),
            Required<Guid>(row, CorrelationIdProperty, position),
            Required<Guid>(row, CausationIdProperty, position),
            Required<DateTimeOffset>(row, AppendedAtProperty, position));
    }

    private static T Required<T>(TableEntity row, string property, StreamPosition position) =>
        row.TryGet<T>(property, out var value)
            ? value
            : throw new StoredDataException(position, $"the event row has no {property} of type {typeof(T).Name}.");
}
