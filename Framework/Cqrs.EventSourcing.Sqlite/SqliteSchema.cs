namespace Cqrs.EventSourcing.Sqlite;

/// <summary>
/// The store's tables. Ids are 16-byte BLOBs in RFC 4122 (big-endian) order, so <c>hex(event_id)</c> reads as the
/// id; timestamps are UTC, in .NET ticks (100 ns since 0001-01-01).
/// </summary>
internal static class SqliteSchema
{
    /// <summary>Creates the tables that do not exist yet: safe on every start, and from several processes at once.</summary>
    public const string Create = """
        -- Every event, numbered across streams in the order appended. UNIQUE (stream_id, version) is the last
        -- guard against two appends taking one version; AUTOINCREMENT never hands a position out twice.
        CREATE TABLE IF NOT EXISTS events (
            position        INTEGER PRIMARY KEY AUTOINCREMENT,
            stream_id       TEXT    NOT NULL,
            version         INTEGER NOT NULL,
            event_id        BLOB    NOT NULL,
            wire_name       TEXT    NOT NULL,
            payload         BLOB    NOT NULL,
            correlation_id  BLOB    NOT NULL,
            causation_id    BLOB    NOT NULL,
            timestamp_ticks INTEGER NOT NULL,
            UNIQUE (stream_id, version)
        );

        -- The events appended but not yet published, by their position in events.
        CREATE TABLE IF NOT EXISTS outbox (
            position INTEGER PRIMARY KEY
        );

        -- Outbox entries set aside because they cannot be published, with the reason.
        CREATE TABLE IF NOT EXISTS outbox_dead_letters (
            stream_id            TEXT    NOT NULL,
            version              INTEGER NOT NULL,
            reason               TEXT    NOT NULL,
            dead_lettered_ticks  INTEGER NOT NULL,
            PRIMARY KEY (stream_id, version)
        ) WITHOUT ROWID;

        CREATE TABLE IF NOT EXISTS snapshots (
            stream_id  TEXT    PRIMARY KEY,
            version    INTEGER NOT NULL,
            state_type TEXT    NOT NULL,
            state      BLOB    NOT NULL
        );

        -- handled_ticks: when the handler was done (UTC ticks), so that old records can be purged.
        CREATE TABLE IF NOT EXISTS inbox (
            handler       TEXT    NOT NULL,
            message_id    BLOB    NOT NULL,
            handled_ticks INTEGER NOT NULL,
            PRIMARY KEY (handler, message_id)
        ) WITHOUT ROWID;

        -- Messages a handler is handling now, in one process or another: claimant (an id per attempt) holds the
        -- message until lease_until_ticks (UTC ticks), unless it renews its claim; the handled record replaces it.
        CREATE TABLE IF NOT EXISTS inbox_claims (
            handler           TEXT    NOT NULL,
            message_id        BLOB    NOT NULL,
            claimant          BLOB    NOT NULL,
            lease_until_ticks INTEGER NOT NULL,
            PRIMARY KEY (handler, message_id)
        ) WITHOUT ROWID;

        -- One row per saga, replaced only by a save that expects its version. completed_ticks: when it completed
        -- (UTC ticks; NULL while it runs), so that completed sagas can be purged once old.
        CREATE TABLE IF NOT EXISTS sagas (
            saga_type       TEXT    NOT NULL,
            saga_id         TEXT    NOT NULL,
            version         INTEGER NOT NULL,
            data            BLOB    NOT NULL,
            completed       INTEGER NOT NULL,
            has_pending     INTEGER NOT NULL,
            completed_ticks INTEGER,
            PRIMARY KEY (saga_type, saga_id)
        ) WITHOUT ROWID;

        -- The few sagas holding messages not yet known to be delivered, for the sweep at start.
        CREATE INDEX IF NOT EXISTS sagas_with_pending ON sagas (has_pending) WHERE has_pending = 1;

        -- Timeouts sagas requested, stored in the transaction that saves the saga; deleted once delivered.
        CREATE TABLE IF NOT EXISTS saga_timeouts (
            timeout_id     BLOB    PRIMARY KEY,
            saga_type      TEXT    NOT NULL,
            saga_id        TEXT    NOT NULL,
            due_ticks      INTEGER NOT NULL,
            wire_name      TEXT    NOT NULL,
            body           BLOB    NOT NULL,
            correlation_id BLOB    NOT NULL,
            causation_id   BLOB    NOT NULL,
            trace_parent   TEXT
        ) WITHOUT ROWID;

        CREATE INDEX IF NOT EXISTS saga_timeouts_by_due ON saga_timeouts (due_ticks);

        -- A saga's timeouts, for the purge that deletes them with it.
        CREATE INDEX IF NOT EXISTS saga_timeouts_by_saga ON saga_timeouts (saga_type, saga_id);

        CREATE TABLE IF NOT EXISTS checkpoints (
            projection TEXT    NOT NULL,
            stream_id  TEXT    NOT NULL,
            version    INTEGER NOT NULL,
            PRIMARY KEY (projection, stream_id)
        ) WITHOUT ROWID;
        """;

    /// <summary>True when the inbox has its <c>handled_ticks</c> column: files made before it was added do not.</summary>
    public const string InboxHasTimes = "SELECT count(*) FROM pragma_table_info('inbox') WHERE name = 'handled_ticks';";

    /// <summary>
    /// Gives an older file's inbox its <c>handled_ticks</c> column, its records stamped <paramref name="nowTicks"/>:
    /// their age is unknown, so each is kept one full retention from the upgrade.
    /// </summary>
    public static string AddInboxTimes(long nowTicks) => $"ALTER TABLE inbox ADD COLUMN handled_ticks INTEGER NOT NULL DEFAULT {nowTicks};";

    /// <summary>True when saga timeouts have their <c>trace_parent</c> column: files made before it was added do not.</summary>
    public const string TimeoutsHaveTraces = "SELECT count(*) FROM pragma_table_info('saga_timeouts') WHERE name = 'trace_parent';";

    /// <summary>Gives an older file's saga timeouts their <c>trace_parent</c> column: those stored before link to no trace.</summary>
    public const string AddTimeoutTraces = "ALTER TABLE saga_timeouts ADD COLUMN trace_parent TEXT;";

    /// <summary>Lets the purge find old records without reading the whole inbox; made after the column exists.</summary>
    public const string IndexInboxTimes = "CREATE INDEX IF NOT EXISTS inbox_by_time ON inbox (handled_ticks);";

    /// <summary>True when the sagas table has its <c>completed_ticks</c> column: files made before it was added do not.</summary>
    public const string SagasHaveCompletionTimes = "SELECT count(*) FROM pragma_table_info('sagas') WHERE name = 'completed_ticks';";

    /// <summary>
    /// Gives an older file's sagas their <c>completed_ticks</c> column, the completed ones stamped
    /// <paramref name="nowTicks"/>: when they completed is unknown, so each is kept one full retention from the upgrade.
    /// </summary>
    public static string AddSagaCompletionTimes(long nowTicks) => $"""
        ALTER TABLE sagas ADD COLUMN completed_ticks INTEGER;
        UPDATE sagas SET completed_ticks = {nowTicks} WHERE completed = 1;
        """;

    /// <summary>Lets the purge find completed sagas by age without reading every saga; made after the column exists.</summary>
    public const string IndexSagaCompletionTimes = "CREATE INDEX IF NOT EXISTS sagas_by_completion ON sagas (completed_ticks) WHERE completed_ticks IS NOT NULL;";
}
