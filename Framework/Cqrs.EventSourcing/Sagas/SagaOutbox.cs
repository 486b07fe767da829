using Cqrs.Transports;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace Cqrs.EventSourcing;

/// <summary>
/// The saga outbox's relay (<see cref="StoredMessageRelay{T}"/>): publishes the commands and events sagas decided on,
/// kept with their state ("pending"), under the ids they were given when decided, and forgets each from its saga once
/// delivered. A process killed before that leaves it pending, and the next one publishes it again at start
/// (<see cref="SweepAsync"/>, run by <see cref="SagaOutboxSweeper"/>); an inbox downstream recognises the repeat by its
/// id. Thread-safe.
/// </summary>
internal sealed partial class SagaOutbox : IStoredMessageSource<SagaMessage>, IAsyncDisposable, IDisposable
{
    private readonly ISagaStore? _store;
    private readonly IOptions<SagaOptions> _options;
    private readonly ILogger<SagaOutbox> _logger;
    private readonly StoredMessageRelay<SagaMessage> _relay;

    /// <summary>The outbox of the sagas in <paramref name="store"/>: none when the chosen stores keep no sagas (then nothing publishes through this).</summary>
    public SagaOutbox(IServiceProvider services, IOptions<SagaOptions> options, ILogger<SagaOutbox> logger, ISagaStore? store = null)
    {
        _store = store;
        _options = options;
        _logger = logger;
        _relay = new StoredMessageRelay<SagaMessage>(this, services, logger);
    }

    /// <summary>
    /// Messages for one saga take turns within this process, so they lose no races to each other; kept here because
    /// forgetting a delivered message is a save of the saga too, and takes its turn like a message.
    /// </summary>
    public KeyedLocks Locks { get; } = new();

    public string Entries => "saga messages";

    private ISagaStore SagaStore => _store ?? throw new InvalidOperationException($"No {nameof(ISagaStore)} is registered.");

    /// <summary>The key of a saga's turn in <see cref="Locks"/>.</summary>
    public static string KeyOf(string sagaType, string sagaId) => $"{sagaType}/{sagaId}";

    /// <summary>Where a message a saga sends comes from, as a stored message's position: the saga (sagas have no versions to publish in order).</summary>
    public static StreamPosition PositionOf(string sagaType, string sagaId) => new($"{sagaType}-{sagaId}", 0);

    /// <summary>
    /// Publishes what a saga's turn just saved (or what a repeat of its cause found still pending, unless it is under
    /// way here) and returns once it is handed over: it is forgotten later, once delivered, without the handler waiting
    /// on other handlers (in-process workers all busy with handlers waiting so would never get to it).
    /// </summary>
    /// <exception cref="Exception">A hand-over failed (the transport stopped, say): what was not handed over stays pending, for a repeat of the cause or a sweep.</exception>
    public async Task PublishDecidedAsync(string sagaType, string sagaId, IReadOnlyList<PendingMessage> pending, IMessageContext cause, CancellationToken cancellationToken)
    {
        List<SagaMessage> claimed = [.. pending.Select(message => new SagaMessage(sagaType, sagaId, message)).Where(_relay.TryClaim)];
        if (claimed.Count > 0)
        {
            var publication = await _relay.PublishAsync(claimed, cause, cancellationToken).ConfigureAwait(false);
            publication.Failure?.Throw();
        }
    }

    /// <summary>
    /// Publishes what sagas still hold pending and nobody here is publishing (left by a process that stopped or died
    /// before delivery), batch by batch, waiting for each batch to be delivered and forgotten, and for what this process
    /// is publishing already, before reading the next. A short read does not mean the end: a store may read a batch and
    /// then drop from it the sagas forgotten meanwhile. Stops at a read that has nothing to publish and nothing to wait
    /// for. Returns how many messages it published.
    /// </summary>
    public Task<int> SweepAsync(CancellationToken cancellationToken) => _relay.SweepAsync(cancellationToken);

    /// <summary>Stops the transport and waits a bounded time for the forgetting under way; what is abandoned stays pending.</summary>
    public ValueTask DisposeAsync() => _relay.DisposeAsync();

    /// <summary>For containers disposed synchronously.</summary>
    public void Dispose() => DisposeAsync().AsTask().GetAwaiter().GetResult();

    Guid IStoredMessageSource<SagaMessage>.IdOf(SagaMessage entry) => entry.Message.MessageId;

    /// <summary>A saga's messages are published, and forgotten, together.</summary>
    string IStoredMessageSource<SagaMessage>.GroupOf(SagaMessage entry) => KeyOf(entry.SagaType, entry.SagaId);

    (StoredMessage Message, StoredDelivery Delivery) IStoredMessageSource<SagaMessage>.PublicationOf(SagaMessage entry)
    {
        var (sagaType, sagaId, pending) = entry;
        var position = PositionOf(sagaType, sagaId);
        return (new StoredMessage(pending.WireName, pending.MessageId, pending.CorrelationId, pending.CausationId, pending.Body, position), new StoredDelivery(position));
    }

    async Task<IReadOnlyList<SagaMessage>> IStoredMessageSource<SagaMessage>.ReadDueAsync(CancellationToken cancellationToken)
    {
        var sagas = await SagaStore.ReadSagasWithPendingAsync(_options.Value.TimeoutBatchSize, cancellationToken).ConfigureAwait(false);
        var due = new List<SagaMessage>();
        foreach (var saga in sagas)
        {
            try
            {
                due.AddRange(SagaData.Read(saga.Data).Pending.Select(pending => new SagaMessage(saga.SagaType, saga.SagaId, pending)));
            }
            catch (MessagePack.MessagePackSerializationException exception)
            {
                LogUnreadable(exception, saga.SagaType, saga.SagaId);
            }
        }

        return due;
    }

    /// <summary>Validated again where handled: the process that decided it may have run other validators.</summary>
    Task<List<SagaMessage>> IStoredMessageSource<SagaMessage>.PublishableAsync(List<SagaMessage> entries, CancellationToken cancellationToken) =>
        Task.FromResult(entries);

    /// <summary>In the saga's turn: saves it without the delivered messages.</summary>
    async Task IStoredMessageSource<SagaMessage>.ForgetAsync(IReadOnlyList<SagaMessage> delivered, CancellationToken cancellationToken)
    {
        var (sagaType, sagaId, _) = delivered[0];
        using (await Locks.EnterAsync(KeyOf(sagaType, sagaId), cancellationToken).ConfigureAwait(false))
        {
            await ForgetAsync(sagaType, sagaId, [.. delivered.Select(entry => entry.Message.MessageId)]).ConfigureAwait(false);
        }
    }

    /// <summary>Stopping does not wait for handlers: what is not yet forgotten then is forgotten later, or stays pending.</summary>
    async ValueTask<bool> IStoredMessageSource<SagaMessage>.ReadAgainAsync(SweepPass pass, CancellationToken cancellationToken)
    {
        await pass.Forgotten.WaitAsync(cancellationToken).ConfigureAwait(false);
        if (!pass.AttemptedAny && pass.HeldCount == 0)
        {
            return false;
        }

        await pass.Held.WaitAsync(cancellationToken).ConfigureAwait(false);
        return true;
    }

    void IStoredMessageSource<SagaMessage>.LogPublishFailed(Exception exception, SagaMessage first, int count) =>
        LogPublishFailed(exception, first.SagaType, first.SagaId);

    void IStoredMessageSource<SagaMessage>.LogForgetFailed(Exception exception, IReadOnlyList<SagaMessage> delivered) =>
        LogForgetFailed(exception, delivered[0].SagaType, delivered[0].SagaId);

    /// <summary>Saves the saga without the <paramref name="delivered"/> messages, again on the state of a process that saved it meanwhile.</summary>
    private async Task ForgetAsync(string sagaType, string sagaId, HashSet<Guid> delivered)
    {
        for (var attempt = 0; ; attempt++)
        {
            var record = await SagaStore.LoadSagaAsync(sagaType, sagaId, CancellationToken.None).ConfigureAwait(false);
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
                await SagaStore.SaveSagaAsync(saved, record.Version, [], CancellationToken.None).ConfigureAwait(false);
                return;
            }
            catch (ConcurrencyException) when (attempt < _options.Value.ConflictRetries)
            {
                // Saved meanwhile by another process, which kept these messages: forget them from its state.
            }
        }
    }

    [LoggerMessage(Level = LogLevel.Warning, Message = "Could not forget the delivered messages of saga {SagaType} '{SagaId}'; they stay pending, and a sweep forgets them without publishing them again.")]
    private partial void LogForgetFailed(Exception exception, string sagaType, string sagaId);

    [LoggerMessage(Level = LogLevel.Warning, Message = "Could not publish the pending messages of saga {SagaType} '{SagaId}'; they stay pending.")]
    private partial void LogPublishFailed(Exception exception, string sagaType, string sagaId);

    [LoggerMessage(Level = LogLevel.Error, Message = "The data of saga {SagaType} '{SagaId}' cannot be read; its pending messages are not published.")]
    private partial void LogUnreadable(Exception exception, string sagaType, string sagaId);
}

/// <summary>A message a saga decided on, with the saga that keeps it pending.</summary>
internal sealed record SagaMessage(string SagaType, string SagaId, PendingMessage Message);
