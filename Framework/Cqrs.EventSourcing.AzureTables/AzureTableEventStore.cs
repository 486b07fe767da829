using System.Runtime.CompilerServices;
using System.Text;
using Azure.Data.Tables;

namespace Cqrs.EventSourcing.AzureTables;

/// <summary>
/// Streams in Azure Table Storage. Each stream is one partition of the streams table, holding a head row (the
/// version, checked by ETag), a row per event and a row per unpublished event (<see cref="AzureTableOutboxStore"/>);
/// an append writes them in one entity-group transaction, so it is all or nothing. Thread-safe.
/// </summary>
/// <remarks>
/// Limits of Table Storage show as limits of an append: at most <see cref="MaxEventsPerAppend"/> events, each
/// payload at most <see cref="MaxPayloadBytes"/> and all together at most <see cref="MaxAppendBytes"/>.
/// </remarks>
/// <param name="storage">The tables, which the store shares with the other stores of the account and prefix.</param>
public sealed class AzureTableEventStore(AzureTableStorage storage) : IEventStore
{
    /// <summary>The most events one append holds: a transaction has at most 100 rows, and an append writes the head and two rows per event.</summary>
    public const int MaxEventsPerAppend = 49;

    /// <summary>The largest event payload, in bytes: the limit of a binary property.</summary>
    public const int MaxPayloadBytes = 64 * 1024;

    /// <summary>The most payload and wire-name bytes one append holds, which keeps its transaction under the 4 MiB limit.</summary>
    public const int MaxAppendBytes = 2 * 1024 * 1024;

    private readonly AzureTableStorage _storage = storage ?? throw new ArgumentNullException(nameof(storage));

    /// <inheritdoc/>
    /// <exception cref="ArgumentException">Also when the append breaks a limit of Table Storage (see the class remarks).</exception>
    public async Task<long> AppendAsync(string streamId, ExpectedVersion expectedVersion, IReadOnlyList<NewEvent> events, CancellationToken cancellationToken = default)
    {
        StreamIds.ThrowIfInvalid(streamId);
        ThrowIfOverLimits(events);
        var table = await _storage.Streams.GetAsync(cancellationToken).ConfigureAwait(false);
        var appendedAt = _storage.Clock.GetUtcNow();

        // A new stream needs no read: adding its head fails if it exists after all.
        var head = expectedVersion.Value == 0 ? StreamHead.None : await ReadHeadAsync(table, streamId, cancellationToken).ConfigureAwait(false);
        while (true)
        {
            if (!expectedVersion.IsMetBy(head.Version))
            {
                throw new ConcurrencyException(streamId, expectedVersion, head.Version);
            }

            try
            {
                await table.SubmitTransactionAsync(StreamRows.Append(streamId, head, events, appendedAt), cancellationToken).ConfigureAwait(false);
                return head.Version + events.Count;
            }
            catch (TableTransactionFailedException exception) when (exception.Status is 409 or 412)
            {
                // Another append moved the head since it was read: an Any append retries on the new head.
                var current = await ReadHeadAsync(table, streamId, cancellationToken).ConfigureAwait(false);
                if (current.Version == head.Version)
                {
                    // The head did not move, so the conflict is with rows the head does not account for.
                    throw;
                }

                head = current;
                if (!expectedVersion.IsAny)
                {
                    throw new ConcurrencyException(streamId, expectedVersion, head.Version);
                }
            }
        }
    }

    /// <inheritdoc/>
    public async IAsyncEnumerable<StoredEvent> ReadStreamAsync(string streamId, long fromVersion = 1, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        StreamIds.ThrowIfInvalid(streamId);
        var table = await _storage.Streams.GetAsync(cancellationToken).ConfigureAwait(false);
        await foreach (var row in table.QueryAsync<TableEntity>(StreamRows.EventsFilter(streamId, fromVersion), cancellationToken: cancellationToken).ConfigureAwait(false))
        {
            yield return StreamRows.ToStoredEvent(row);
        }
    }

    /// <inheritdoc/>
    /// <remarks>Streams come in the order of their ids (ordinal), as partitions sort.</remarks>
    public async IAsyncEnumerable<StoredEvent> ReadAllAsync([EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        var table = await _storage.Streams.GetAsync(cancellationToken).ConfigureAwait(false);
        await foreach (var row in table.QueryAsync<TableEntity>(StreamRows.AllEventsFilter, cancellationToken: cancellationToken).ConfigureAwait(false))
        {
            yield return StreamRows.ToStoredEvent(row);
        }
    }

    private static async Task<StreamHead> ReadHeadAsync(TableClient table, string streamId, CancellationToken cancellationToken) =>
        StreamRows.ReadHead(streamId, await table.FindAsync(streamId, StreamRows.HeadKey, cancellationToken).ConfigureAwait(false));

    private static void ThrowIfOverLimits(IReadOnlyList<NewEvent> events)
    {
        ArgumentNullException.ThrowIfNull(events);
        ArgumentOutOfRangeException.ThrowIfZero(events.Count, nameof(events));
        if (events.Count > MaxEventsPerAppend)
        {
            throw new ArgumentException(
                $"An append to Azure Table Storage holds at most {MaxEventsPerAppend} events (one transaction of at most 100 rows); this one holds {events.Count}. Append them in several steps.",
                nameof(events));
        }

        long bytes = 0;
        foreach (var added in events)
        {
            if (added.Payload.Length > MaxPayloadBytes)
            {
                throw new ArgumentException(
                    $"Event {added.EventId} ({added.WireName}) has a payload of {added.Payload.Length} bytes; Azure Table Storage holds at most {MaxPayloadBytes} bytes in a property.",
                    nameof(events));
            }

            bytes += added.Payload.Length + Encoding.UTF8.GetByteCount(added.WireName);
        }

        if (bytes > MaxAppendBytes)
        {
            throw new ArgumentException(
                $"An append to Azure Table Storage holds at most {MaxAppendBytes} bytes of payloads and wire names (a transaction is at most 4 MiB); this one holds {bytes}. Append the events in several steps.",
                nameof(events));
        }
    }
}
