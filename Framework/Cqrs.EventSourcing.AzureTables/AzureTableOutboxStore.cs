using Azure;
using Azure.Data.Tables;

namespace Cqrs.EventSourcing.AzureTables;

/// <summary>
/// The outbox in Azure Table Storage: a row per unpublished event in the stream's partition (written by
/// <see cref="AzureTableEventStore"/>'s appends), deleted once published. Reading it scans the streams table across
/// partitions. Thread-safe.
/// </summary>
/// <param name="storage">The tables, which the store shares with the other stores of the account and prefix.</param>
public sealed class AzureTableOutboxStore(AzureTableStorage storage) : IOutboxStore
{
    private readonly AzureTableStorage _storage = storage ?? throw new ArgumentNullException(nameof(storage));

    /// <inheritdoc/>
    /// <remarks>Scans the streams table for outbox rows across partitions; streams come in the order of their ids.</remarks>
    /// <exception cref="StoredDataException">An outbox row's event cannot be read, or is missing.</exception>
    public async Task<IReadOnlyList<StoredEvent>> ReadUnpublishedAsync(int maxCount, CancellationToken cancellationToken = default)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(maxCount);
        var table = await _storage.Streams.GetAsync(cancellationToken).ConfigureAwait(false);
        var pending = new List<StreamPosition>(Math.Min(maxCount, 1_000));
        var rows = table.QueryAsync<TableEntity>(StreamRows.AllOutboxFilter, maxPerPage: Math.Min(maxCount, 1_000), cancellationToken: cancellationToken);
        await foreach (var row in rows.ConfigureAwait(false))
        {
            pending.Add(new StreamPosition(row.PartitionKey, StreamRows.VersionOf(row.RowKey)));
            if (pending.Count == maxCount)
            {
                break;
            }
        }

        var unpublished = new List<StoredEvent>(pending.Count);
        foreach (var stream in pending.GroupBy(position => position.StreamId, StringComparer.Ordinal))
        {
            unpublished.AddRange(await ReadEventsAsync(table, stream.Key, [.. stream.Select(position => position.Version)], cancellationToken).ConfigureAwait(false));
        }

        return unpublished;
    }

    /// <inheritdoc/>
    public async Task MarkPublishedAsync(IReadOnlyList<StoredEvent> events, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(events);
        var table = await _storage.Streams.GetAsync(cancellationToken).ConfigureAwait(false);
        foreach (var stream in events.GroupBy(published => published.StreamId, StringComparer.Ordinal))
        {
            await table.DeleteExistingAsync(stream.Key, stream.Select(published => StreamRows.OutboxKey(published.Version)), cancellationToken).ConfigureAwait(false);
        }
    }

    /// <inheritdoc/>
    /// <remarks>The outbox row goes and a dead-letter row holding the reason comes, in the stream's partition, in one transaction.</remarks>
    public async Task DeadLetterAsync(StreamPosition position, string reason, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(reason);
        var table = await _storage.Streams.GetAsync(cancellationToken).ConfigureAwait(false);
        List<TableTransactionAction> actions =
        [
            new(TableTransactionActionType.UpsertReplace, StreamRows.DeadLetter(position, reason, _storage.Clock.GetUtcNow())),
            new(TableTransactionActionType.Delete, new TableEntity(position.StreamId, StreamRows.OutboxKey(position.Version)), ETag.All),
        ];
        try
        {
            await table.SubmitTransactionAsync(actions, cancellationToken).ConfigureAwait(false);
        }
        catch (TableTransactionFailedException exception) when (exception.Status == 404 && exception.FailedTransactionActionIndex == 1)
        {
            // The outbox row is gone already: keep the dead letter alone.
            await table.UpsertAsync(StreamRows.DeadLetter(position, reason, _storage.Clock.GetUtcNow()), cancellationToken).ConfigureAwait(false);
        }
    }

    /// <inheritdoc/>
    /// <remarks>Scans the streams table for dead-letter rows across partitions; streams come in the order of their ids.</remarks>
    /// <exception cref="StoredDataException">A dead-letter row cannot be read.</exception>
    public async Task<IReadOnlyList<OutboxDeadLetter>> ReadDeadLettersAsync(int maxCount, CancellationToken cancellationToken = default)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(maxCount);
        var table = await _storage.Streams.GetAsync(cancellationToken).ConfigureAwait(false);
        var deadLetters = new List<OutboxDeadLetter>();
        await foreach (var row in table.QueryAsync<TableEntity>(StreamRows.AllDeadLettersFilter, maxPerPage: Math.Min(maxCount, 1_000), cancellationToken: cancellationToken).ConfigureAwait(false))
        {
            deadLetters.Add(StreamRows.ToDeadLetter(row));
            if (deadLetters.Count == maxCount)
            {
                break;
            }
        }

        return deadLetters;
    }

    /// <summary>The events of one stream at <paramref name="versions"/> (ascending), read as one range.</summary>
    private static async Task<List<StoredEvent>> ReadEventsAsync(TableClient table, string streamId, long[] versions, CancellationToken cancellationToken)
    {
        var wanted = versions.ToHashSet();
        var events = new List<StoredEvent>(versions.Length);
        var filter = StreamRows.EventsFilter(streamId, versions[0], versions[^1]);
        await foreach (var row in table.QueryAsync<TableEntity>(filter, cancellationToken: cancellationToken).ConfigureAwait(false))
        {
            if (wanted.Contains(StreamRows.VersionOf(row.RowKey)))
            {
                events.Add(StreamRows.ToStoredEvent(row));
            }
        }

        var missing = versions.Except(events.Select(stored => stored.Version)).FirstOrDefault();
        return missing == 0 ? events : throw new StoredDataException(new StreamPosition(streamId, missing), "the outbox holds the event, but the stream does not.");
    }
}
