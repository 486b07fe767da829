using Azure.Data.Tables;

namespace Cqrs.EventSourcing.AzureTables;

/// <summary>The outbox: a row per unpublished event in the stream's partition, deleted once published.</summary>
public sealed partial class AzureTableEventStore
{
    /// <inheritdoc/>
    /// <remarks>Scans the streams table for outbox rows across partitions; streams come in the order of their ids.</remarks>
    /// <exception cref="StoredDataException">An outbox row's event cannot be read, or is missing.</exception>
    public async Task<IReadOnlyList<StoredEvent>> ReadUnpublishedAsync(int maxCount, CancellationToken cancellationToken = default)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(maxCount);
        var table = await _streams.GetAsync(cancellationToken).ConfigureAwait(false);
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
        var table = await _streams.GetAsync(cancellationToken).ConfigureAwait(false);
        foreach (var stream in events.GroupBy(published => published.StreamId, StringComparer.Ordinal))
        {
            await table.DeleteExistingAsync(stream.Key, stream.Select(published => StreamRows.OutboxKey(published.Version)), cancellationToken).ConfigureAwait(false);
        }
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
