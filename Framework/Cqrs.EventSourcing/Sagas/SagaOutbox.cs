using System.Collections.Concurrent;
using Cqrs.Transports;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace Cqrs.EventSourcing;

/// <summary>
/// Publishes the commands and events sagas decided on, kept with their state ("pending"), as stored messages under
/// the ids they were given when decided, and forgets each from its saga only once it is delivered: handled by every
/// in-process handler (or dead-lettered), or taken by a broker. A process killed before that leaves it pending, and
/// the next one publishes it again at start (<see cref="SweepAsync"/>); an inbox downstream recognises the repeat by
/// its id. Within this process a pending message is published once at a time: a claim per message id keeps a
/// repeat of its cause, or the sweep, off one under way. Thread-safe.
/// </summary>
internal sealed partial class SagaOutbox(
    IEventSourcingStore store,
    IServiceProvider services,
    IOptions<SagaOptions> options,
    ILogger<SagaOutbox> logger) : IAsyncDisposable, IDisposable
{
    /// <summary>By message id, the messages being published here; each claim completes when released.</summary>
    private readonly ConcurrentDictionary<Guid, TaskCompletionSource> _claims = new();
    private readonly StoredPublisher _publisher = new(services);

    /// <summary>
    /// Messages for one saga take turns within this process, so they lose no races to each other; kept here because
    /// forgetting a delivered message is a save of the saga too, and takes its turn like a message.
    /// </summary>
    public KeyedLocks Locks { get; } = new();

    /// <summary>The key of a saga's turn in <see cref="Locks"/>.</summary>
    public static string KeyOf(string sagaType, string sagaId) => $"{sagaType}/{sagaId}";

    /// <summary>Where a message a saga sends comes from, as a stored message's position: the saga (sagas have no versions to publish in order).</summary>
    public static StreamPosition PositionOf(string sagaType, string sagaId) => new($"{sagaType}-{sagaId}", 0);

    /// <summary>
    /// Publishes what a saga's turn just saved (or what a repeat of its cause found still pending) and returns once it
    /// is handed over: it is forgotten later, once delivered, without the handler waiting on other handlers (in-process
    /// workers all busy with handlers waiting so would never get to it).
    /// </summary>
    /// <exception cref="Exception">A hand-over failed (the transport stopped, say): what was not handed over stays pending, for a repeat of the cause or a sweep.</exception>
    public async Task PublishDecidedAsync(string sagaType, string sagaId, IReadOnlyList<PendingMessage> pending, IMessageContext cause, CancellationToken cancellationToken)
    {
        var claimed = pending.Where(TryClaim).ToList();
        if (claimed.Count > 0)
        {
            await PublishClaimedAsync(sagaType, sagaId, claimed, validated: true, cause, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>
    /// Publishes what sagas still hold pending and nobody here is publishing (left by a process that stopped or died
    /// before delivery), batch by batch, waiting for each batch to be delivered and forgotten before reading the next.
    /// The store has no cursor, so what stands at the head of a read is read again until it is gone: a message this
    /// process is publishing already (its handlers, meanwhile) is waited for, and each message is published at most once
    /// per sweep (one whose forgetting failed stays pending, for the next start). A short read does not mean the end:
    /// a store may read a batch and then drop from it the sagas forgotten meanwhile. Stops at a read that has nothing
    /// to publish and nothing to wait for. Returns how many messages it published.
    /// </summary>
    public async Task<int> SweepAsync(ISagaStore sagaStore, CancellationToken cancellationToken)
    {
        var batchSize = options.Value.TimeoutBatchSize;
        var attempted = new HashSet<Guid>();
        var total = 0;
        while (true)
        {
            var sagas = await sagaStore.ReadSagasWithPendingAsync(batchSize, cancellationToken).ConfigureAwait(false);
            var forgetting = new List<Task>(sagas.Count);
            var heldHere = new List<Task>();
            var attemptedBefore = attempted.Count;
            var published = 0;
            foreach (var saga in sagas)
            {
                List<PendingMessage> pending;
                try
                {
                    pending = SagaData.Read(saga.Data).Pending;
                }
                catch (MessagePack.MessagePackSerializationException exception)
                {
                    LogUnreadable(exception, saga.SagaType, saga.SagaId);
                    continue;
                }

                var claimed = new List<PendingMessage>(pending.Count);
                foreach (var message in pending.Where(message => !attempted.Contains(message.MessageId)))
                {
                    if (TryClaim(message))
                    {
                        claimed.Add(message);
                    }
                    else
                    {
                        // Released since, when it is not found: read again, to see whether it is still pending.
                        heldHere.Add(_claims.TryGetValue(message.MessageId, out var claim) ? claim.Task : Task.CompletedTask);
                    }
                }

                if (claimed.Count == 0)
                {
                    continue;
                }

                attempted.UnionWith(claimed.Select(message => message.MessageId));
                try
                {
                    // Validated again where handled: the process that decided it may have run other validators.
                    forgetting.Add(await PublishClaimedAsync(saga.SagaType, saga.SagaId, claimed, validated: false, cause: null, cancellationToken).ConfigureAwait(false));
                    published += claimed.Count;
                }
                catch (Exception exception) when (exception is not OperationCanceledException)
                {
                    LogPublishFailed(exception, saga.SagaType, saga.SagaId);
                }
            }

            // Stopping does not wait for handlers: what is not yet forgotten then is forgotten later, or stays pending.
            await Task.WhenAll(forgetting).WaitAsync(cancellationToken).ConfigureAwait(false);
            total += published;
            if (attempted.Count == attemptedBefore && heldHere.Count == 0)
            {
                return total;
            }

            await Task.WhenAll(heldHere).WaitAsync(cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>
    /// Stops the transport, which settles or sets aside every delivery, then waits a bounded time for the forgetting under
    /// way (see <see cref="StoredPublisher.StopThenWaitAsync"/>; what is abandoned stays pending). The store, created
    /// before this, is disposed after it.
    /// </summary>
    public async ValueTask DisposeAsync()
    {
        if (await _publisher.StopThenWaitAsync().ConfigureAwait(false) is > 0 and var abandoned)
        {
            LogForgettingAbandoned(abandoned);
        }
    }

    /// <summary>For containers disposed synchronously.</summary>
    public void Dispose() => DisposeAsync().AsTask().GetAwaiter().GetResult();

    /// <summary>
    /// Publishes claimed messages in order and returns their forgetting. Those not handed over are unclaimed; those
    /// handed over are still forgotten once delivered, even when a later one fails.
    /// </summary>
    private async Task<Task> PublishClaimedAsync(
        string sagaType, string sagaId, List<PendingMessage> claimed, bool validated, IMessageContext? cause, CancellationToken cancellationToken)
    {
        var position = PositionOf(sagaType, sagaId);
        var publication = await _publisher.PublishAsync(
            claimed,
            pending => (new StoredMessage(pending.WireName, pending.MessageId, pending.CorrelationId, pending.CausationId, pending.Body, position), new StoredDelivery(position)),
            validated,
            cause,
            (delivered, kept) => ForgetOnceDeliveredAsync(sagaType, sagaId, delivered, kept),
            cancellationToken).ConfigureAwait(false);
        foreach (var unsent in claimed.Skip(publication.HandedOver))
        {
            Release(unsent.MessageId);
        }

        publication.Failure?.Throw();
        return publication.Settling;
    }

    /// <summary>
    /// Drops the delivered messages from their saga; those kept back undelivered (the transport stopped) stay pending,
    /// for a later start. Claims end here either way. Never throws: nobody awaits it but disposal and sweeps.
    /// </summary>
    private async Task ForgetOnceDeliveredAsync(string sagaType, string sagaId, List<PendingMessage> delivered, List<PendingMessage> kept)
    {
        try
        {
            if (delivered.Count > 0)
            {
                using (await Locks.EnterAsync(KeyOf(sagaType, sagaId), CancellationToken.None).ConfigureAwait(false))
                {
                    await ForgetAsync(sagaType, sagaId, [.. delivered.Select(pending => pending.MessageId)]).ConfigureAwait(false);
                }
            }
        }
        catch (Exception exception)
        {
            LogForgetFailed(exception, sagaType, sagaId);
        }
        finally
        {
            foreach (var handedOver in delivered.Concat(kept))
            {
                Release(handedOver.MessageId);
            }
        }
    }

    private bool TryClaim(PendingMessage message) =>
        _claims.TryAdd(message.MessageId, new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously));

    private void Release(Guid messageId)
    {
        if (_claims.TryRemove(messageId, out var claim))
        {
            claim.TrySetResult();
        }
    }

    /// <summary>Saves the saga without the <paramref name="delivered"/> messages, again on the state of a process that saved it meanwhile.</summary>
    private async Task ForgetAsync(string sagaType, string sagaId, HashSet<Guid> delivered)
    {
        var sagaStore = (ISagaStore)store;
        for (var attempt = 0; ; attempt++)
        {
            var record = await sagaStore.LoadSagaAsync(sagaType, sagaId, CancellationToken.None).ConfigureAwait(false);
            if (record is null)
            {
                return;
            }

            var data = SagaData.Read(record.Data);
            if (data.Pending.RemoveAll(pending => delivered.Contains(pending.MessageId)) == 0)
            {
                return;
            }

            var saved = record with { Version = record.Version + 1, Data = data.Write(), HasPending = data.Pending.Count > 0 };
            try
            {
                await sagaStore.SaveSagaAsync(saved, record.Version, [], CancellationToken.None).ConfigureAwait(false);
                return;
            }
            catch (ConcurrencyException) when (attempt < options.Value.ConflictRetries)
            {
                // Saved meanwhile by another process, which kept these messages: forget them from its state.
            }
        }
    }

    [LoggerMessage(Level = LogLevel.Warning, Message = "{Count} deliveries of saga messages were still under way at disposal; they stay pending, for the next start.")]
    private partial void LogForgettingAbandoned(int count);

    [LoggerMessage(Level = LogLevel.Warning, Message = "Could not forget the delivered messages of saga {SagaType} '{SagaId}'; they stay pending and are published again at the next start.")]
    private partial void LogForgetFailed(Exception exception, string sagaType, string sagaId);

    [LoggerMessage(Level = LogLevel.Warning, Message = "Could not publish the pending messages of saga {SagaType} '{SagaId}'; they stay pending.")]
    private partial void LogPublishFailed(Exception exception, string sagaType, string sagaId);

    [LoggerMessage(Level = LogLevel.Error, Message = "The data of saga {SagaType} '{SagaId}' cannot be read; its pending messages are not published.")]
    private partial void LogUnreadable(Exception exception, string sagaType, string sagaId);
}
