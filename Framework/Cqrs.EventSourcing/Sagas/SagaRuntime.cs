namespace Cqrs.EventSourcing;

/// <summary>
/// Loads, calls and saves sagas of one type for the handlers the source generator registers. A message's turn:
/// load the saga (or start it), call it, and save its new state with its timeouts and the messages it decided on,
/// expecting the version it was loaded at (handling the message again on the winner's state after losing a race);
/// then publish those messages through <see cref="SagaOutbox"/>, which forgets them once delivered. A repeat of a
/// message the saga has handled (its id is kept with the state) changes nothing, but publishes what that message
/// decided if it is still pending; what a dead process left pending the next one publishes at start. So a crash
/// between the save and the delivery loses nothing, and a message is delivered at least once, always under the same
/// id. Thread-safe.
/// </summary>
/// <typeparam name="TSaga">The saga type.</typeparam>
public sealed partial class SagaRuntime<TSaga>
    where TSaga : ISaga<TSaga>
{
    private readonly SagaServices _services;
    private readonly AggregateState<TSaga> _state;

    /// <summary>The runtime of <typeparamref name="TSaga"/>; resolved from the container by the generated handlers.</summary>
    /// <exception cref="InvalidOperationException"><typeparamref name="TSaga"/> is not registered (it has no [WireName], or its assembly's registry was not added).</exception>
    public SagaRuntime(SagaServices services)
    {
        ArgumentNullException.ThrowIfNull(services);
        _services = services;
        _state = services.States.Get<TSaga>();
    }

    /// <summary>The saga type's wire name, under which its sagas are stored.</summary>
    public string SagaType => _state.WireName;

    /// <summary>Saga <paramref name="sagaId"/> as last saved, or null when it never was: for queries and tests.</summary>
    /// <exception cref="StoredDataException">The saga's stored data cannot be read.</exception>
    public async Task<LoadedSaga<TSaga>?> LoadAsync(string sagaId, CancellationToken cancellationToken = default)
    {
        ArgumentException.ThrowIfNullOrEmpty(sagaId);
        var record = await _services.Store.LoadSagaAsync(SagaType, sagaId, cancellationToken).ConfigureAwait(false);
        return record is null ? null : new LoadedSaga<TSaga>(StateOf(record, Read(record)), record.Version, record.Completed);
    }

    /// <summary>Runs <paramref name="message"/>'s turn with saga <paramref name="sagaId"/>.</summary>
    /// <exception cref="SagaNotFoundException">No such saga, and <see cref="SagaOptions.NotFound"/> says dead-letter.</exception>
    /// <exception cref="ConcurrencyException">Lost more races than <see cref="SagaOptions.ConflictRetries"/> allows.</exception>
    internal async ValueTask HandleAsync<TMessage>(
        string sagaId, TMessage message, IMessageContext context, SagaStep step, Func<TSaga, TMessage, SagaContext, TSaga> handle, CancellationToken cancellationToken)
    {
        ArgumentException.ThrowIfNullOrEmpty(sagaId);
        using var activity = SagaTelemetry.Start(SagaType, sagaId, step);
        IReadOnlyList<PendingMessage> decided;
        using (await _services.Locks.EnterAsync(SagaOutbox.KeyOf(SagaType, sagaId), cancellationToken).ConfigureAwait(false))
        {
            decided = await DecideAndSaveAsync(sagaId, message, context, step, handle, cancellationToken).ConfigureAwait(false);
        }

        // Published outside the saga's turn: in direct dispatch what it sends may come straight back to the same saga.
        if (decided.Count > 0)
        {
            await _services.Outbox.PublishDecidedAsync(SagaType, sagaId, decided, context, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>What to publish once the turn is over: the saga's decision once saved, or what a repeat's first delivery left pending.</summary>
    private async ValueTask<IReadOnlyList<PendingMessage>> DecideAndSaveAsync<TMessage>(
        string sagaId, TMessage message, IMessageContext context, SagaStep step, Func<TSaga, TMessage, SagaContext, TSaga> handle, CancellationToken cancellationToken)
    {
        var store = _services.Store;
        for (var attempt = 0; ; attempt++)
        {
            var record = await store.LoadSagaAsync(SagaType, sagaId, cancellationToken).ConfigureAwait(false);
            var data = record is null ? null : Read(record);
            if (data is not null && data.Handled.Contains(context.MessageId))
            {
                return [.. data.Pending.Where(pending => pending.CausationId == context.MessageId)];
            }

            if ((record is null && step != SagaStep.Start) || record is { Completed: true })
            {
                NotFound(sagaId, step, context);
                return [];
            }

            var saga = new SagaContext(sagaId, context.MessageId, context.CorrelationId, _services.Clock.GetUtcNow(), isNew: record is null);
            var next = handle(record is null || data is null ? TSaga.Initial : StateOf(record, data), message, saga);
            var timeouts = await TimeoutsOfAsync(sagaId, saga, context, cancellationToken).ConfigureAwait(false);
            var decided = await PendingOfAsync(saga, context, cancellationToken).ConfigureAwait(false);
            var pending = data?.Pending ?? [];
            pending.AddRange(decided);
            var handled = data?.Handled ?? [];
            handled.Add(context.MessageId);
            if (handled.Count > _services.Options.RememberedMessages)
            {
                handled.RemoveRange(0, handled.Count - _services.Options.RememberedMessages);
            }

            var version = record?.Version ?? 0;
            var saved = new SagaRecord(
                SagaType, sagaId, version + 1, new SagaData(_state.Serialize(next), handled, pending).Write(), saga.IsCompleted, HasPending: pending.Count > 0)
            {
                CompletedAt = saga.IsCompleted ? saga.Now : null,
            };
            try
            {
                await store.SaveSagaAsync(saved, version, timeouts, cancellationToken).ConfigureAwait(false);
            }
            catch (ConcurrencyException) when (attempt < _services.Options.ConflictRetries)
            {
                // Another process saved this saga first: decide again on the state it left.
                _services.Telemetry.Conflict(SagaType);
                continue;
            }

            Count(record is null, saga.IsCompleted, step);
            foreach (var observer in _services.Observers)
            {
                observer.Decided(SagaType, saga);
            }

            if (timeouts.Count > 0)
            {
                _services.Timeouts.Requested();
            }

            return decided;
        }
    }

    /// <exception cref="StoredDataException">The record's data is not a saga's.</exception>
    private SagaData Read(SagaRecord record)
    {
        try
        {
            return SagaData.Read(record.Data);
        }
        catch (MessagePack.MessagePackSerializationException exception)
        {
            throw Unreadable(record, exception);
        }
    }

    /// <exception cref="StoredDataException">The state is not one of <typeparamref name="TSaga"/>.</exception>
    private TSaga StateOf(SagaRecord record, SagaData data)
    {
        try
        {
            return _state.Deserialize(data.State);
        }
        catch (Serialization.MessageFormatException exception)
        {
            throw Unreadable(record, exception);
        }
    }

    private StoredDataException Unreadable(SagaRecord record, Exception exception) =>
        new(new StreamPosition($"{SagaType}-{record.SagaId}", record.Version), $"the saga's data cannot be read: {exception.Message}", exception);
}
