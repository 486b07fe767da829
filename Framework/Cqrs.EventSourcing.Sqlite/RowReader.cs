using Microsoft.Data.Sqlite;

namespace Cqrs.EventSourcing.Sqlite;

/// <summary>
/// Reads rows, checking each value's storage class before taking it: SQLite columns hold any type, and a
/// reader's own conversions would turn a damaged value into a wrong one (text read as the integer 0) or a raw cast error.
/// </summary>
internal static class RowReader
{
    /// <summary>The columns of an event, in the order <see cref="ReadEvent"/> expects them.</summary>
    public const string EventColumns = "position, stream_id, version, event_id, wire_name, payload, correlation_id, causation_id, timestamp_ticks";

    /// <summary>The event in <paramref name="row"/>, selected as <see cref="EventColumns"/>.</summary>
    /// <exception cref="StoredDataException">A value is NULL, not of the type the store writes, or out of range.</exception>
    public static StoredEvent ReadEvent(SqliteDataReader row)
    {
        var at = PositionOf(row);
        return new StoredEvent(
            at.StreamId,
            at.Version,
            Id(row, 3, at),
            Value<string>(row, 4, at),
            Value<byte[]>(row, 5, at),
            Id(row, 6, at),
            Id(row, 7, at),
            Timestamp(row, 8, at));
    }

    /// <summary>An outbox dead letter, selected as stream_id, version, reason, dead_lettered_ticks.</summary>
    /// <exception cref="StoredDataException">A value is NULL or not of the type the store writes.</exception>
    public static OutboxDeadLetter ReadDeadLetter(SqliteDataReader row)
    {
        var at = new StreamPosition(Holds<string>(row, 0) ? row.GetString(0) : "(unreadable)", Holds<long>(row, 1) ? row.GetInt64(1) : 0);
        return new OutboxDeadLetter(at, Value<string>(row, 2, at), Timestamp(row, 3, at));
    }

    /// <summary>True when the value at <paramref name="ordinal"/> is not NULL and is stored as <typeparamref name="T"/>.</summary>
    public static bool Holds<T>(SqliteDataReader row, int ordinal) =>
        !row.IsDBNull(ordinal) && row.GetFieldType(ordinal) == typeof(T);

    private static StreamPosition PositionOf(SqliteDataReader row)
    {
        var streamId = Holds<string>(row, 1) ? row.GetString(1) : null;
        var version = Holds<long>(row, 2) ? row.GetInt64(2) : (long?)null;
        if (streamId is not null && version is not null)
        {
            return new StreamPosition(streamId, version.Value);
        }

        // The row's own key is damaged: its global position names it instead.
        var position = row.GetInt64(0);
        var problem = streamId is null ? Problem(row, 1, typeof(string)) : Problem(row, 2, typeof(long));
        throw new StoredDataException(
            new StreamPosition(streamId ?? $"(unreadable, at position {position})", version ?? 0),
            $"the event at position {position} cannot be placed: {problem}");
    }

    private static T Value<T>(SqliteDataReader row, int ordinal, StreamPosition at)
        where T : notnull =>
        Holds<T>(row, ordinal) ? row.GetFieldValue<T>(ordinal) : throw new StoredDataException(at, Problem(row, ordinal, typeof(T)));

    private static Guid Id(SqliteDataReader row, int ordinal, StreamPosition at)
    {
        var blob = Value<byte[]>(row, ordinal, at);
        return Blobs.TryReadId(blob, out var id)
            ? id
            : throw new StoredDataException(at, $"{row.GetName(ordinal)} holds {blob.Length} bytes where an id has 16.");
    }

    private static DateTimeOffset Timestamp(SqliteDataReader row, int ordinal, StreamPosition at)
    {
        var ticks = Value<long>(row, ordinal, at);
        return ticks >= 0 && ticks <= DateTime.MaxValue.Ticks
            ? new DateTimeOffset(ticks, TimeSpan.Zero)
            : throw new StoredDataException(at, $"{row.GetName(ordinal)} holds {ticks}, which is no time.");
    }

    private static string Problem(SqliteDataReader row, int ordinal, Type expected) =>
        row.IsDBNull(ordinal)
            ? $"{row.GetName(ordinal)} is NULL."
            : $"{row.GetName(ordinal)} holds {StorageClass(row.GetFieldType(ordinal))} where the store writes {StorageClass(expected)}.";

    private static string StorageClass(Type type) =>
        type == typeof(long) ? "INTEGER" : type == typeof(string) ? "TEXT" : type == typeof(double) ? "REAL" : "BLOB";
}
